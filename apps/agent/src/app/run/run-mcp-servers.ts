import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { LoadedConfig } from "@mono-agent/config";
import {
  type LiveMcpServers,
  type McpBrowserLogin,
  type McpElicitationPort,
  type McpTaskHandoff,
  type RunServerSpec,
  type StdioLauncher,
  startMcpServers,
} from "@mono-agent/mcp-bridge";
import { createFileMcpAuthStore, createFileMcpToolListCache } from "@mono-agent/mcp-bridge/node";
import { createWatchedStdioLauncher } from "../../runtime/create-watched-stdio-launcher.js";
import { mcpAuthStoreFile, mcpLoginHint } from "../mcp/mcp-auth-store-file.js";
import type { RunEvent } from "./run-events.js";
import type { RunRequest } from "./run-request.js";

/** What {@link startRunMcpServers} needs from the run. */
export interface RunMcpServersInput {
  loaded: LoadedConfig;
  env: Readonly<Record<string, string | undefined>>;
  runId: string;
  /** The run's servers: external (after every preparer) and app-owned. */
  servers: RunServerSpec[];
  /** The run's signal: every connect and call ends with it. */
  signal: AbortSignal;
  /** Replaces the host's secrets in tool output saved to files. */
  redactText: (text: string) => string;
  /** Emits one of the run's events (warnings, status lines, progress). */
  emit: (event: RunEvent) => void;
  /** Whether server status lines are due yet: from the first model call on (before, tools are simply offered). */
  statusLinesDue: () => boolean;
  /** The stdio launcher; default a watched one (see `createWatchedStdioLauncher`). */
  stdio?: StdioLauncher;
  mcpLogin?: McpBrowserLogin;
  elicitation?: McpElicitationPort;
  taskHandoff?: McpTaskHandoff;
}

/**
 * Starts the run's MCP servers (all connecting in parallel) with the run's settings: timeouts, the auth
 * store, the tool-list cache, the workspace root, and its warnings, status lines and progress as run events.
 */
export function startRunMcpServers(input: RunMcpServersInput): LiveMcpServers {
  const { loaded, env, runId, servers, redactText, emit } = input;
  return startMcpServers({
    servers,
    stdio: input.stdio ?? createWatchedStdioLauncher(env, loaded.config.tools.mcpEnvPassthrough),
    runId,
    signal: input.signal,
    toolOutputDir: `${loaded.artifactsDir}/tool-output`,
    redactSavedOutput: redactText,
    callTimeoutMs: loaded.config.tools.mcpCallTimeoutMs,
    callMaxTotalTimeoutMs: loaded.config.tools.mcpCallMaxTotalTimeoutMs,
    auth: {
      store: createFileMcpAuthStore(mcpAuthStoreFile(loaded)),
      loginHint: mcpLoginHint,
      ...(input.mcpLogin ? { login: input.mcpLogin } : {}),
    },
    onWarning: (warning) =>
      emit({
        type: "warning",
        kind: warning.kind,
        serverName: warning.serverName,
        message: warning.message,
      }),
    // The agent's tool lists as last seen, one file per server spec.
    toolCache: createFileMcpToolListCache(join(loaded.agentDir, ".mono-agent", "mcp-tool-lists")),
    roots: [{ uri: pathToFileURL(loaded.workspaceDir).href, name: "workspace" }],
    ...(input.elicitation ? { elicitation: input.elicitation } : {}),
    ...(input.taskHandoff ? { taskHandoff: input.taskHandoff } : {}),
    onServerStatus: (status) => {
      if (!input.statusLinesDue() || status.status === "failed") return;
      emit({
        type: "mcp_server_status",
        serverName: status.serverName,
        status: status.status,
        message:
          status.status === "connected"
            ? `MCP server "${status.serverName}" connected after ${(status.afterMs / 1000).toFixed(1)} s; its ${status.toolCount} tool${status.toolCount === 1 ? "" : "s"} are offered from the next turn.`
            : `MCP server "${status.serverName}" changed its tools; the next turn offers ${status.toolCount}.`,
      });
    },
    onProgress: (progress) =>
      emit({
        type: "tool_progress",
        toolCallId: progress.toolCallId,
        name: progress.name,
        message: progress.message ?? `${progress.progress}${progress.total ? `/${progress.total}` : ""}`,
      }),
  });
}

/** The user's message of a run started with an MCP prompt: the prompt's messages, then the typed text. */
export async function promptInput(
  mcp: LiveMcpServers,
  prompt: NonNullable<RunRequest["mcpPrompt"]>,
  typed: string,
): Promise<string> {
  const rendered = await mcp.getPrompt(prompt.server, prompt.name, prompt.arguments ?? {});
  const parts = rendered.messages.map((message) =>
    rendered.messages.length === 1 ? message.text : `[${message.role}] ${message.text}`,
  );
  if (typed.trim() !== "") parts.push(typed);
  return parts.join("\n\n");
}
