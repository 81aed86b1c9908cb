import type { AgentTool } from "@earendil-works/pi-agent-core";
import type { ConnectedTransport } from "./connect-mcp-server.js";
import type { McpAuthOptions } from "./create-remote-auth-fetch.js";
import type { McpToolProgressEvent } from "./mcp-agent-tool.js";
import type { McpBridgeErrorCode } from "./mcp-bridge-error.js";
import type { McpElicitationPort } from "./mcp-elicitation-port.js";
import type { McpEraMemory, McpProtocolEra } from "./mcp-era-memory.js";
import type { McpPromptInfo, RenderedMcpPrompt } from "./mcp-prompts.js";
import type { McpTaskHandoff } from "./mcp-task-handoff.js";
import type { McpToolListCache } from "./mcp-tool-list-cache.js";
import type { RunServerSpec } from "./run-server-spec.js";
import { type McpServerStatusEvent, startMcpServers } from "./start-mcp-servers.js";
import type { StdioLauncher } from "./stdio-launcher.js";

export { CLOSE_MARGIN_MS } from "./start-mcp-servers.js";

/** A run warning from the bridge. Every kind names the server it concerns. */
export interface McpBridgeWarning {
  /**
   * - `mcp_server_unavailable`: the server was skipped (see `code` for why); the run goes on without it.
   * - `mcp_tool_name_collision`: sanitised names collided; `message` lists the names given instead.
   */
  kind: "mcp_server_unavailable" | "mcp_tool_name_collision";
  serverName: string;
  message: string;
  /** For `mcp_server_unavailable`: the failure code. */
  code?: McpBridgeErrorCode;
}

/** The state of one server after connecting. */
export interface ConnectedServerInfo {
  name: string;
  /** The transport in use (`auto` resolved), or the configured one when the server failed. */
  transport: ConnectedTransport | "auto";
  status: "connected" | "failed";
  /** The protocol era the connection landed on (`modern` = 2026-07-28, `legacy` = 2025-11-25), once connected. */
  protocolEra?: McpProtocolEra;
  /** Why it failed (the same text as its warning). */
  error?: string;
  errorCode?: McpBridgeErrorCode;
  /** The names the model sees for this server's offered tools. */
  toolNames: string[];
  /** The server's last stderr (stdio; bounded, read live), "" for remote servers. */
  readonly stderrTail: string;
}

/** Options of {@link connectMcpServers}. */
export interface ConnectMcpServersOptions {
  /** The run's final server specs (merged, overlaid, env-resolved by the host). */
  servers: readonly RunServerSpec[];
  /**
   * Starts stdio servers: `createStdioLauncher({ hostEnv })` from `@mono-agent/mcp-bridge/stdio` on Node.
   * Without it every stdio server is skipped with `spawn_failed`; remote servers need none.
   */
  stdio?: StdioLauncher;
  /** Names the run's folder of saved oversize outputs. */
  runId: string;
  /** The run's signal: aborting it stops connects and cancels in-flight calls. */
  signal?: AbortSignal;
  /** Oversize results are saved under `<toolOutputDir>/<runId>/` (usually `artifacts/tool-output`). */
  toolOutputDir: string;
  /** Applied to an oversize result before it is saved (the host's secrets replaced); default: none. */
  redactSavedOutput?: (text: string) => string;
  /** Idle timeout of a call, reset by progress, in ms; a server's `options.timeoutMs` overrides it. */
  callTimeoutMs: number;
  /** Absolute cap of any call, in ms. */
  callMaxTotalTimeoutMs: number;
  onWarning?: (warning: McpBridgeWarning) => void;
  onStderr?: (serverName: string, text: string) => void;
  onProgress?: (event: McpToolProgressEvent) => void;
  /**
   * OAuth of remote servers: the token store, how a person logs in, and a browser login when one can
   * run now. Without it a remote server that answers 401 is skipped (never retried over SSE); servers
   * with `oauth.grant: "client_credentials"` authorize themselves either way.
   */
  auth?: McpAuthOptions;
  /** Tool lists as last seen per server spec: a server still connecting is offered with its known tools. */
  toolCache?: McpToolListCache;
  /** Roots offered to servers that ask for them (`roots/list`), usually the workspace as a `file://` URI. */
  roots?: readonly { uri: string; name?: string }[];
  /** Where servers' `elicitation/create` requests go (see {@link McpElicitationPort}); absent = not advertised. */
  elicitation?: McpElicitationPort;
  /** Each server's connect, failure and tool-list change, as it happens (status lines of late servers). */
  onServerStatus?: (event: McpServerStatusEvent) => void;
  /** Tasks of the servers it allows may outlive the run instead of being cancelled (see {@link McpTaskHandoff}). */
  taskHandoff?: McpTaskHandoff;
  /**
   * Where each server's negotiated protocol era is kept, so an `auto` server is probed with
   * `server/discover` once, not at every run (default: one bounded memory per process).
   */
  eraMemory?: McpEraMemory;
  /** MCP client identity sent at initialise (default `mono-agent` / `0.0.0`). */
  clientInfo?: { name: string; version: string };
}

/** The run's MCP side: tools for pi, per-server state, warnings, and one close(). */
export interface ConnectedMcpServers {
  tools: AgentTool[];
  servers: ConnectedServerInfo[];
  warnings: McpBridgeWarning[];
  /** The prompts of every connected server (or of one), for `mcp list` and `/server:prompt`. */
  listPrompts(serverName?: string): Promise<McpPromptInfo[]>;
  /** Renders a server's prompt with its arguments; `unknown_server` or `prompt_failed` otherwise. */
  getPrompt(serverName: string, name: string, args?: Record<string, string>): Promise<RenderedMcpPrompt>;
  /** Ends every session and process group; awaited, bounded, idempotent. */
  close: () => Promise<void>;
}

/**
 * Connects every server in parallel, each within its connect timeout, and waits for all of them; a
 * server that fails is skipped with an `mcp_server_unavailable` warning and the others are still
 * offered. Tools are filtered by includeTools/excludeTools, named `mcp__<server>__<tool>` by
 * `assignMcpToolNames` (collisions resolved and warned about) and wrapped as pi tools. For a run that
 * should not wait for the slowest server, use {@link startMcpServers}.
 */
export async function connectMcpServers(options: ConnectMcpServersOptions): Promise<ConnectedMcpServers> {
  const live = startMcpServers(options);
  await live.settled();
  return {
    tools: live.tools(),
    servers: live.servers(),
    warnings: live.warnings,
    close: live.close,
    listPrompts: live.listPrompts,
    getPrompt: live.getPrompt,
  };
}
