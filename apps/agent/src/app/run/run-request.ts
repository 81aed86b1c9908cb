import type { McpBrowserLogin } from "@mono-agent/mcp-bridge";
import type { SandboxPolicyRequest } from "@mono-agent/sandbox";
import type { RunEvent, RunStatus } from "./run-events.js";

/** One request to the agent. */
export interface RunRequest {
  /** The user's message. */
  input: string;
  /** `<channel>:<id>`; default `cli:default`. */
  conversationId?: string;
  /** Overrides `runtime.model` for this run (`<provider>:<modelId>`). */
  model?: string;
  /** Where the request came from (`cli`, `web`, `api`, ...), recorded with the run. */
  source?: string;
  /**
   * The person whose message started the run: `{ channel: "cli" }` at a terminal, `{ channel: "web" }` in
   * the web console, `{ channel: "slack", userId: "U…" }` in Slack. Its asks and approvals go to this
   * person (`interaction.answerers`). Absent (a trigger, an A2A call): no asker, so they go to the
   * configured approvers or fail closed.
   */
  startedBy?: { channel: string; userId?: string; displayName?: string };
  /** Aborting it cancels the run (status `cancelled`). */
  signal?: AbortSignal;
  /** Receives the run's events as they happen. */
  onEvent?: (event: RunEvent) => void;
  /**
   * Files for the request-context servers: bytes with a name, or a file to copy (name defaults to its
   * base name). Staged 0600 under `<artifacts>/attachments/`; only this run's saves are offered.
   */
  attachments?: ({ name: string; data: Uint8Array } | { name?: string; path: string })[];
  /**
   * A browser login the host can run during this run (`mono-agent run --login`): a server that needs a
   * login, or more scopes, is logged in on the spot. Without it such a server is skipped with a warning
   * naming `mono-agent mcp login <server>`.
   */
  mcpLogin?: McpBrowserLogin;
  /**
   * An MCP prompt to start the run with (`mono-agent run --prompt server:name`, `/server:prompt` in the
   * web console): its messages become the user's message, with `input` (if any) after them.
   */
  mcpPrompt?: { server: string; name: string; arguments?: Record<string, string> };
  /** Set by the web console for a `web:<threadId>` request: lets app-tool providers decide what to offer. */
  web?: import("../tools/conversation-title-context.js").WebRunContext;
  /** Narrows the config's `sandbox` for this run (never widens it; see `mergeSandboxPolicy`). */
  sandbox?: SandboxPolicyRequest;
  /**
   * One-shot and isolated (trigger runs under `runtime.session.isolateProactive`): the run starts without
   * the conversation's stored history (no cold reseed either), its messages are not stored, and its
   * SessionHistory records are returned only with `includeIsolated: true`.
   */
  isolated?: boolean;
}

/** How a run ended. */
export interface RunResult {
  runId: string;
  conversationId: string;
  status: RunStatus;
  finalText: string;
  startedAt: string;
  durationMs: number;
  model: string;
  warnings: { kind: string; message: string; serverName?: string }[];
  toolCalls: { name: string; isError: boolean; durationMs: number }[];
  /** External and app-owned MCP servers that connected for this run. */
  mcpServersUsed: string[];
  usage: { input: number; output: number; totalTokens: number; costUsd: number };
  error?: { kind: string; message: string };
}
