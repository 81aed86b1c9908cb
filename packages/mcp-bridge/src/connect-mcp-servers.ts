import type { AgentTool } from "@mariozechner/pi-agent-core";
import { assignMcpToolNames } from "@mono-agent/policy";
import {
  type ConnectedTransport,
  connectMcpServer,
  HTTP_SESSION_END_TIMEOUT_MS,
  type OpenMcpServer,
} from "./connect-mcp-server.js";
import { isToolIncluded } from "./is-tool-included.js";
import { type McpAgentToolInput, type McpToolProgressEvent, createMcpAgentTool } from "./mcp-agent-tool.js";
import { McpBridgeError, type McpBridgeErrorCode } from "./mcp-bridge-error.js";
import type { RunServerSpec } from "./run-server-spec.js";
import type { StdioLauncher } from "./stdio-launcher.js";
import type { McpAuthOptions } from "./create-remote-auth-fetch.js";
import {
  listServerPrompts,
  type McpPromptInfo,
  type RenderedMcpPrompt,
  renderServerPrompt,
} from "./mcp-prompts.js";

/**
 * Extra time close() allows beyond the longest close of one server (the stdio launcher's `closeBoundMs`,
 * or the HTTP session end) before it stops waiting, in ms: room for the client's own close and timers.
 */
export const CLOSE_MARGIN_MS = 1_000;

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
 * Connects every server in parallel, each within its connect timeout; a server that fails is skipped
 * with an `mcp_server_unavailable` warning and the others are still offered. Tools are filtered by
 * includeTools/excludeTools, named `mcp__<server>__<tool>` by `assignMcpToolNames` (collisions
 * resolved and warned about) and wrapped as pi tools.
 */
export async function connectMcpServers(options: ConnectMcpServersOptions): Promise<ConnectedMcpServers> {
  const warnings: McpBridgeWarning[] = [];
  const warn = (warning: McpBridgeWarning) => {
    warnings.push(warning);
    options.onWarning?.(warning);
  };
  const context = {
    clientInfo: options.clientInfo ?? { name: "mono-agent", version: "0.0.0" },
    ...(options.stdio ? { stdio: options.stdio } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onStderr ? { onStderr: options.onStderr } : {}),
    ...(options.auth ? { auth: options.auth } : {}),
  };
  const outcomes = await Promise.all(
    options.servers.map(async (spec) => {
      try {
        return { spec, open: await connectMcpServer(spec, context) };
      } catch (error) {
        const failure = McpBridgeError.isInstance(error)
          ? error
          : new McpBridgeError(
              "connect_failed",
              `MCP server "${spec.name}" failed to connect: ${String(error)}`,
              { cause: error },
            );
        return { spec, failure };
      }
    }),
  );
  const opened = outcomes.flatMap((outcome) =>
    outcome.open ? [{ spec: outcome.spec, open: outcome.open }] : [],
  );
  const offered = opened.flatMap(({ spec, open }) =>
    open.tools
      .filter((tool) => isToolIncluded(tool.name, spec.options))
      .map((tool) => ({ spec, open, tool })),
  );
  const { assignments, collisions } = assignMcpToolNames(
    offered.map(({ spec, tool }) => ({ serverName: spec.name, toolName: tool.name })),
  );
  const nameOf = new Map(
    assignments.map((entry) => [`${entry.serverName}\u0000${entry.toolName}`, entry.name]),
  );
  const tools: AgentTool[] = [];
  const toolNamesByServer = new Map<string, string[]>();
  for (const { spec, open, tool } of offered) {
    const name = nameOf.get(`${spec.name}\u0000${tool.name}`);
    if (name === undefined || toolNamesByServer.get(spec.name)?.includes(name)) continue;
    toolNamesByServer.set(spec.name, [...(toolNamesByServer.get(spec.name) ?? []), name]);
    const input: McpAgentToolInput = {
      client: open.client,
      serverName: spec.name,
      tool,
      name,
      callTimeoutMs: spec.options.timeoutMs ?? options.callTimeoutMs,
      callMaxTotalTimeoutMs: options.callMaxTotalTimeoutMs,
      toolOutputDir: options.toolOutputDir,
      runId: options.runId,
      describeDisconnect: open.describeDisconnect,
      ...(options.signal ? { runSignal: options.signal } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
    };
    tools.push(createMcpAgentTool(input));
  }
  const servers = outcomes.map((outcome) =>
    describeServer(outcome.spec, outcome.open, outcome.failure, toolNamesByServer),
  );
  for (const outcome of outcomes) {
    if (outcome.failure)
      warn({
        kind: "mcp_server_unavailable",
        serverName: outcome.spec.name,
        message: outcome.failure.message,
        code: outcome.failure.code,
      });
  }
  for (const collision of collisions) {
    const renamed = collision.tools
      .map((tool, index) => `"${tool.toolName}" of "${tool.serverName}" as ${collision.resolvedAs[index]}`)
      .join(", ");
    for (const serverName of new Set(collision.tools.map((tool) => tool.serverName))) {
      warn({
        kind: "mcp_tool_name_collision",
        serverName,
        message: `MCP tools share the name ${collision.name} after sanitising; offered ${renamed}.`,
      });
    }
  }
  const closeBound =
    Math.max(options.stdio?.closeBoundMs ?? 0, HTTP_SESSION_END_TIMEOUT_MS) + CLOSE_MARGIN_MS;
  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= closeAll(
      opened.map(({ open }) => open),
      closeBound,
    );
    return closing;
  };
  const clientOf = (serverName: string) => {
    const found = opened.find(({ spec }) => spec.name === serverName);
    if (!found)
      throw new McpBridgeError(
        "unknown_server",
        `No connected MCP server is named "${serverName}"; connected: ${opened.map(({ spec }) => spec.name).join(", ") || "none"}.`,
      );
    return found.open.client;
  };
  return {
    tools,
    servers,
    warnings,
    close,
    async listPrompts(serverName) {
      const chosen =
        serverName === undefined
          ? opened
          : [{ spec: { name: serverName }, open: { client: clientOf(serverName) } }];
      const lists = await Promise.all(
        chosen.map(({ spec, open }) => listServerPrompts(spec.name, open.client).catch(() => [])),
      );
      return lists.flat();
    },
    getPrompt: (serverName, name, args = {}) =>
      renderServerPrompt(serverName, clientOf(serverName), name, args),
  };
}

function describeServer(
  spec: RunServerSpec,
  open: OpenMcpServer | undefined,
  failure: McpBridgeError | undefined,
  toolNamesByServer: Map<string, string[]>,
): ConnectedServerInfo {
  const info = {
    name: spec.name,
    transport: open?.transport ?? spec.transport,
    status: open ? ("connected" as const) : ("failed" as const),
    toolNames: toolNamesByServer.get(spec.name) ?? [],
    get stderrTail() {
      return open?.stderrTail() ?? "";
    },
  };
  return failure ? Object.assign(info, { error: failure.message, errorCode: failure.code }) : info;
}

async function closeAll(servers: OpenMcpServer[], boundMilliseconds: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, boundMilliseconds);
  });
  await Promise.race([Promise.allSettled(servers.map((server) => server.close())), bound]);
  clearTimeout(timer);
}
