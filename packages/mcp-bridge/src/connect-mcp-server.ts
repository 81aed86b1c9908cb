import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  ElicitationCompleteNotificationSchema,
  ElicitRequestSchema,
  ListRootsRequestSchema,
  type Tool as McpTool,
  ToolListChangedNotificationSchema,
} from "@modelcontextprotocol/sdk/types.js";
import { createRemoteAuthFetch, type McpAuthOptions } from "./create-remote-auth-fetch.js";
import { LazyJsonSchemaValidator } from "./lazy-json-schema-validator.js";
import { McpBridgeError } from "./mcp-bridge-error.js";
import type { McpElicitationPort } from "./mcp-elicitation-port.js";
import { createPersonWaits, type PersonWaits } from "./person-waits.js";
import type { RunRemoteServerSpec, RunServerSpec, RunStdioServerSpec } from "./run-server-spec.js";
import type { StdioLauncher } from "./stdio-launcher.js";

/**
 * Most `tools/list` pages read from one server. A server that keeps returning a `nextCursor` is buggy;
 * 100 pages is far above any real server (McpServer never paginates) and keeps connect bounded.
 */
export const MAX_TOOL_LIST_PAGES = 100;

/** Bound on re-listing a server's tools after `tools/list_changed`, in ms (the list of a live server comes in ms). */
export const TOOL_LIST_REFRESH_TIMEOUT_MS = 10_000;

/** Bound on ending an HTTP session (DELETE) at close, in ms; a remote that does not answer is left. */
export const HTTP_SESSION_END_TIMEOUT_MS = 1_000;

/** The transport a connected server actually uses (`auto` resolves to `http` or `sse`). */
export type ConnectedTransport = "stdio" | "http" | "sse";

/** What connecting one server needs from the run. */
export interface ConnectServerContext {
  /** Starts stdio servers; without it a stdio server fails with `spawn_failed`. */
  stdio?: StdioLauncher;
  signal?: AbortSignal;
  clientInfo: { name: string; version: string };
  onStderr?: (serverName: string, text: string) => void;
  /** OAuth of remote servers; without it a 401 fails the server (never an SSE fallback). */
  auth?: McpAuthOptions;
  /**
   * Called at a server's `notifications/tools/list_changed` with the promise of its new (fully paginated)
   * tool list, so a host can wait for it before the next model turn.
   */
  onToolsChanged?: (serverName: string, tools: Promise<McpTool[]>) => void;
  /** Offered to servers that ask (`roots/list`): the workspace, as `file://` URIs. */
  roots?: readonly { uri: string; name?: string }[];
  /** Where `elicitation/create` goes; the capability is advertised for the port's modes only. */
  elicitation?: McpElicitationPort;
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
  /** The server's elicitations waiting for a person: its calls' clocks stop meanwhile. */
  personWaits: PersonWaits;
}

/**
 * Opens one server within its `connectTimeoutMs` (covering spawn/open, initialise and the paginated
 * tool listing, and for `auto` both attempts). Throws {@link McpBridgeError} (`spawn_failed`,
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
    // A refusal to authorize is the server's answer, not a sign of a legacy SSE server.
    if (signal.aborted || isAuthRefusal(httpError)) throw httpError;
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
  if (!context.stdio) {
    throw new McpBridgeError(
      "spawn_failed",
      `MCP server "${spec.name}" could not be started: this host gives the bridge no stdio launcher (pass \`stdio: createStdioLauncher(...)\` from @mono-agent/mcp-bridge/stdio).`,
    );
  }
  const onStderr = context.onStderr;
  const launched = context.stdio.launch(
    spec,
    onStderr ? (text: string) => onStderr(spec.name, text) : undefined,
  );
  const personWaits = createPersonWaits();
  const client = createClient(context, spec.name, personWaits);
  const server: OpenMcpServer = {
    client,
    personWaits,
    transport: "stdio",
    tools: [],
    stderrTail: launched.stderrTail,
    describeDisconnect: launched.describeExit,
    close: once(() =>
      client
        .close()
        .catch(() => {})
        .then(() => launched.close()),
    ),
  };
  started.push(server);
  await client.connect(launched.transport, { signal, timeout: spec.options.connectTimeoutMs });
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
  const authFetch = createRemoteAuthFetch(spec, context.auth);
  const transport: Transport =
    kind === "http"
      ? new StreamableHTTPClientTransport(url, { requestInit, ...(authFetch ? { fetch: authFetch } : {}) })
      : new SSEClientTransport(url, { requestInit, ...(authFetch ? { fetch: authFetch } : {}) });
  const personWaits = createPersonWaits();
  const client = createClient(context, spec.name, personWaits);
  const server: OpenMcpServer = {
    client,
    personWaits,
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

function createClient(context: ConnectServerContext, serverName: string, personWaits: PersonWaits): Client {
  const roots = context.roots;
  const elicitation = context.elicitation;
  const modes = elicitation?.modes;
  const client = new Client(context.clientInfo, {
    capabilities: {
      ...(roots ? { roots: { listChanged: false } } : {}),
      ...(modes && (modes.form || modes.url)
        ? {
            elicitation: {
              ...(modes.form ? { form: { applyDefaults: true } } : {}),
              ...(modes.url ? { url: {} } : {}),
            },
          }
        : {}),
    },
    jsonSchemaValidator: new LazyJsonSchemaValidator(),
  });
  // Our own handler rather than the SDK's listChanged option: it pages through the whole list (the SDK's
  // refresh reads one page) and starts at once, so the next turn can wait for it instead of a debounce.
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    context.onToolsChanged?.(
      serverName,
      listAllTools(client, new AbortController().signal, TOOL_LIST_REFRESH_TIMEOUT_MS),
    );
  });
  if (elicitation && modes && (modes.form || modes.url)) {
    client.setRequestHandler(ElicitRequestSchema, async (request, extra) => {
      // The person's time to answer is not the server's silence: calls to this server pause their clocks.
      const end = personWaits.begin();
      try {
        return await elicitation.elicit({ serverName, params: request.params }, extra.signal);
      } finally {
        end();
      }
    });
    if (modes.url)
      client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) =>
        elicitation.completed?.({ serverName, elicitationId: notification.params.elicitationId }),
      );
  }
  if (roots)
    client.setRequestHandler(ListRootsRequestSchema, () => ({ roots: roots.map((root) => ({ ...root })) }));
  return client;
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
): McpBridgeError {
  if (McpBridgeError.isInstance(error)) return error;
  const stderr = server?.describeDisconnect() ?? "";
  if (stopReason === "timeout") {
    return new McpBridgeError(
      "connect_timeout",
      `MCP server "${spec.name}" did not connect within ${spec.options.connectTimeoutMs} ms${stderr}.`,
      { cause: error },
    );
  }
  if (stopReason === "aborted") {
    return new McpBridgeError(
      "connect_aborted",
      `MCP server "${spec.name}" was not connected: the run was aborted.`,
      { cause: error },
    );
  }
  const syscall = (error as { syscall?: unknown } | undefined)?.syscall;
  if (spec.transport === "stdio" && typeof syscall === "string" && syscall.startsWith("spawn")) {
    return new McpBridgeError(
      "spawn_failed",
      `MCP server "${spec.name}" could not be started: ${errorText(error)} (command "${spec.command}"; check that it is installed and on PATH).`,
      { cause: error },
    );
  }
  const where = spec.transport === "stdio" ? `command "${spec.command}"` : `${spec.transport} ${spec.url}`;
  return new McpBridgeError(
    "connect_failed",
    `MCP server "${spec.name}" (${where}) failed to connect: ${errorText(error)}${stderr}.`,
    { cause: error },
  );
}

/** An `auth_*` error of the bridge, or an HTTP 401/403 from a transport. */
function isAuthRefusal(error: unknown): boolean {
  if (McpBridgeError.isInstance(error)) return error.code === "auth_required" || error.code === "auth_failed";
  const status = (error as { code?: unknown } | undefined)?.code;
  return status === 401 || status === 403;
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
  let timer: ReturnType<typeof setTimeout> | undefined;
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
