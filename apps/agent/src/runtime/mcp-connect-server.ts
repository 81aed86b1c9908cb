import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import type { McpBridgeErrorCode } from "./is-mcp-bridge-error.js";
import { LazyJsonSchemaValidator } from "./lazy-json-schema-validator.js";
import { buildChildEnv } from "./mcp-child-env.js";
import type { RunRemoteServerSpec, RunServerSpec, RunStdioServerSpec } from "./mcp-server-spec.js";
import { type ProcessCloseGrace, ProcessGroupStdioTransport } from "./process-group-stdio-transport.js";
import { MonoAgentRuntimeError } from "./runtime-error.js";

/**
 * Most `tools/list` pages read from one server. A server that keeps returning a `nextCursor` is buggy;
 * 100 pages is far above any real server (McpServer never paginates) and keeps connect bounded.
 */
export const MAX_TOOL_LIST_PAGES = 100;

/** Bound on ending an HTTP session (DELETE) at close, in ms; a remote that does not answer is left. */
export const HTTP_SESSION_END_TIMEOUT_MS = 1_000;

/** Characters of a server's last stderr shown in a warning or error message. */
export const STDERR_EXCERPT_CHARS = 300;

/** The transport a connected server actually uses (`auto` resolves to `http` or `sse`). */
export type ConnectedTransport = "stdio" | "http" | "sse";

/** What connecting one server needs from the run. */
export interface ConnectServerContext {
  hostEnv: Readonly<Record<string, string | undefined>>;
  passthrough: readonly string[];
  signal?: AbortSignal;
  clientInfo: { name: string; version: string };
  closeGrace?: Partial<ProcessCloseGrace>;
  onStderr?: (serverName: string, text: string) => void;
}

/** A server with an initialised MCP session and its full (unfiltered) tool list. */
export interface OpenMcpServer {
  client: Client;
  transport: ConnectedTransport;
  tools: McpTool[];
  /** The last stderr of a stdio child ("" for remote servers). */
  stderrTail: () => string;
  /** Why the server went away, as a suffix for messages: ` (exit code 1; stderr: "...")`. */
  describeDisconnect: () => string;
  /** Ends the session (and the process group for stdio); bounded, idempotent. */
  close: () => Promise<void>;
}

/**
 * Opens one server within its `connectTimeoutMs` (covering spawn/open, initialise and the paginated
 * tool listing, and for `auto` both attempts). Throws {@link MonoAgentRuntimeError} (`spawn_failed`,
 * `connect_failed`, `connect_timeout`, `connect_aborted`) after closing whatever was started.
 */
export async function connectMcpServer(
  spec: RunServerSpec,
  context: ConnectServerContext,
): Promise<OpenMcpServer> {
  const controller = new AbortController();
  let stopReason: "timeout" | "aborted" | undefined;
  const timer = setTimeout(() => {
    stopReason = "timeout";
    controller.abort();
  }, spec.options.connectTimeoutMs);
  const onRunAbort = () => {
    stopReason ??= "aborted";
    controller.abort();
  };
  context.signal?.addEventListener("abort", onRunAbort, { once: true });
  if (context.signal?.aborted) onRunAbort();
  const started: OpenMcpServer[] = [];
  const stopped = new Promise<never>((_, reject) => {
    controller.signal.addEventListener("abort", () => reject(new Error("stopped")), { once: true });
  });
  const attempt = openServer(spec, context, controller.signal, started);
  attempt.catch(() => {});
  stopped.catch(() => {});
  try {
    return await Promise.race([attempt, stopped]);
  } catch (error) {
    await Promise.allSettled(started.map((server) => server.close()));
    throw connectError(spec, error, stopReason, started.at(-1));
  } finally {
    clearTimeout(timer);
    context.signal?.removeEventListener("abort", onRunAbort);
  }
}

async function openServer(
  spec: RunServerSpec,
  context: ConnectServerContext,
  signal: AbortSignal,
  started: OpenMcpServer[],
): Promise<OpenMcpServer> {
  if (spec.transport === "stdio") return openStdio(spec, context, signal, started);
  if (spec.transport !== "auto") return openRemote(spec, spec.transport, context, signal, started);
  try {
    return await openRemote(spec, "http", context, signal, started);
  } catch (httpError) {
    if (signal.aborted) throw httpError;
    try {
      return await openRemote(spec, "sse", context, signal, started);
    } catch (sseError) {
      throw new Error(
        `streamable HTTP failed (${errorText(httpError)}), then SSE failed (${errorText(sseError)})`,
        { cause: sseError },
      );
    }
  }
}

async function openStdio(
  spec: RunStdioServerSpec,
  context: ConnectServerContext,
  signal: AbortSignal,
  started: OpenMcpServer[],
): Promise<OpenMcpServer> {
  const transport = new ProcessGroupStdioTransport({
    command: spec.command,
    args: spec.args,
    env: buildChildEnv({ hostEnv: context.hostEnv, passthrough: context.passthrough, serverEnv: spec.env }),
    ...(spec.cwd !== undefined ? { cwd: spec.cwd } : {}),
    ...(context.onStderr ? { onStderr: (text: string) => context.onStderr?.(spec.name, text) } : {}),
    ...(context.closeGrace ? { closeGrace: context.closeGrace } : {}),
  });
  const client = new Client(context.clientInfo, {
    capabilities: {},
    jsonSchemaValidator: new LazyJsonSchemaValidator(),
  });
  const describeDisconnect = () => {
    const exit = transport.exit;
    const parts: string[] = [];
    if (exit?.signal) parts.push(`killed by ${exit.signal}`);
    else if (exit && exit.code !== null) parts.push(`exit code ${exit.code}`);
    const stderr = transport.stderrTail.lastLines(STDERR_EXCERPT_CHARS);
    if (stderr) parts.push(`stderr: ${JSON.stringify(stderr)}`);
    return parts.length > 0 ? ` (${parts.join("; ")})` : "";
  };
  const server: OpenMcpServer = {
    client,
    transport: "stdio",
    tools: [],
    stderrTail: () => transport.stderrTail.text(),
    describeDisconnect,
    close: once(() =>
      client
        .close()
        .catch(() => {})
        .then(() => transport.close()),
    ),
  };
  started.push(server);
  await client.connect(transport, { signal, timeout: spec.options.connectTimeoutMs });
  server.tools = await listAllTools(client, signal, spec.options.connectTimeoutMs);
  return server;
}

async function openRemote(
  spec: RunRemoteServerSpec,
  kind: "http" | "sse",
  context: ConnectServerContext,
  signal: AbortSignal,
  started: OpenMcpServer[],
): Promise<OpenMcpServer> {
  const url = new URL(spec.url);
  const requestInit: RequestInit = { headers: { ...spec.headers } };
  const transport: Transport =
    kind === "http"
      ? new StreamableHTTPClientTransport(url, { requestInit })
      : new SSEClientTransport(url, { requestInit });
  const client = new Client(context.clientInfo, {
    capabilities: {},
    jsonSchemaValidator: new LazyJsonSchemaValidator(),
  });
  const server: OpenMcpServer = {
    client,
    transport: kind,
    tools: [],
    stderrTail: () => "",
    describeDisconnect: () => "",
    close: once(async () => {
      if (transport instanceof StreamableHTTPClientTransport && transport.sessionId !== undefined) {
        await withinMilliseconds(transport.terminateSession(), HTTP_SESSION_END_TIMEOUT_MS);
      }
      await client.close().catch(() => {});
    }),
  };
  started.push(server);
  await client.connect(transport, { signal, timeout: spec.options.connectTimeoutMs });
  server.tools = await listAllTools(client, signal, spec.options.connectTimeoutMs);
  return server;
}

async function listAllTools(client: Client, signal: AbortSignal, timeout: number): Promise<McpTool[]> {
  const tools: McpTool[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_TOOL_LIST_PAGES; page += 1) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor }, { signal, timeout });
    tools.push(...result.tools);
    cursor = result.nextCursor;
    if (cursor === undefined) return tools;
  }
  throw new Error(`the server kept paginating its tool list past ${MAX_TOOL_LIST_PAGES} pages`);
}

function connectError(
  spec: RunServerSpec,
  error: unknown,
  stopReason: "timeout" | "aborted" | undefined,
  server: OpenMcpServer | undefined,
): MonoAgentRuntimeError<McpBridgeErrorCode> {
  const stderr = server?.describeDisconnect() ?? "";
  if (stopReason === "timeout") {
    return new MonoAgentRuntimeError(
      "connect_timeout",
      `MCP server "${spec.name}" did not connect within ${spec.options.connectTimeoutMs} ms${stderr}.`,
      { cause: error },
    );
  }
  if (stopReason === "aborted") {
    return new MonoAgentRuntimeError(
      "connect_aborted",
      `MCP server "${spec.name}" was not connected: the run was aborted.`,
      { cause: error },
    );
  }
  const syscall = (error as NodeJS.ErrnoException | undefined)?.syscall;
  if (spec.transport === "stdio" && typeof syscall === "string" && syscall.startsWith("spawn")) {
    return new MonoAgentRuntimeError(
      "spawn_failed",
      `MCP server "${spec.name}" could not be started: ${errorText(error)} (command "${spec.command}"; check that it is installed and on PATH).`,
      { cause: error },
    );
  }
  const where = spec.transport === "stdio" ? `command "${spec.command}"` : `${spec.transport} ${spec.url}`;
  return new MonoAgentRuntimeError(
    "connect_failed",
    `MCP server "${spec.name}" (${where}) failed to connect: ${errorText(error)}${stderr}.`,
    { cause: error },
  );
}

function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const status = (error as { code?: unknown }).code;
  const isHttpStatus = typeof status === "number" && status >= 100 && status < 600;
  const causeCode = (error.cause as { code?: unknown } | undefined)?.code;
  const message =
    typeof causeCode === "string" && !error.message.includes(causeCode)
      ? `${error.message} (${causeCode})`
      : error.message;
  return isHttpStatus && !message.includes(String(status)) ? `HTTP ${status}: ${message}` : message;
}

function once(action: () => Promise<void>): () => Promise<void> {
  let result: Promise<void> | undefined;
  return () => {
    result ??= action();
    return result;
  };
}

async function withinMilliseconds(promise: Promise<unknown>, milliseconds: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, milliseconds);
  });
  await Promise.race([
    promise.then(
      () => {},
      () => {},
    ),
    timeout,
  ]);
  clearTimeout(timer);
}
