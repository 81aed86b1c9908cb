import {
  Client,
  type Tool as McpTool,
  type PriorDiscovery,
  SSEClientTransport,
  StreamableHTTPClientTransport,
  type Transport,
} from "@modelcontextprotocol/client";
import { connectError, errorText, isAuthRefusal } from "./connect-error.js";
import { createRemoteAuthFetch, type McpAuthOptions } from "./create-remote-auth-fetch.js";
import { LazyJsonSchemaValidator } from "./lazy-json-schema-validator.js";
import { McpBridgeError } from "./mcp-bridge-error.js";
import type { McpElicitationPort } from "./mcp-elicitation-port.js";
import type { McpEraMemory, McpProtocolEra } from "./mcp-era-memory.js";
import { createPersonWaits, type PersonWaits } from "./person-waits.js";
import type { RunRemoteServerSpec, RunServerSpec, RunStdioServerSpec } from "./run-server-spec.js";
import { forgetEra, protocolChoice, recallEra, rememberEra } from "./server-era.js";
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
  /** Where each server's negotiated era is kept between connects (default: one memory per process). */
  eraMemory?: McpEraMemory;
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
  /** The era the connection landed on (`modern` = 2026-07-28, `legacy` = 2025-11-25 and before). */
  era: McpProtocolEra;
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
    // A refusal to authorize is the server's answer, not a sign of a legacy SSE server; and the legacy
    // HTTP+SSE transport cannot speak a pinned 2026-07-28.
    if (signal.aborted || isAuthRefusal(httpError) || protocolChoice(spec) === "2026-07-28") throw httpError;
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
  const launcher = context.stdio;
  const onStderr = context.onStderr;
  const open = async (prior: PriorDiscovery | undefined): Promise<OpenMcpServer> => {
    const launched = launcher.launch(
      spec,
      onStderr ? (text: string) => onStderr(spec.name, text) : undefined,
    );
    const personWaits = createPersonWaits();
    const client = createClient(context, spec, personWaits);
    const server: OpenMcpServer = {
      client,
      personWaits,
      transport: "stdio",
      tools: [],
      era: "legacy",
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
    await connectClient(client, launched.transport, spec, context, signal, prior);
    return server;
  };
  const prior = recallEra(spec, context.eraMemory);
  let server: OpenMcpServer;
  try {
    server = await open(prior);
  } catch (error) {
    // A stdio server that exits on the `server/discover` probe (some SDKs end on any request before
    // `initialize`) or fails it is a 2025-11-25 server: start it again and skip the probe.
    const probed = protocolChoice(spec) === "auto" && prior === undefined;
    if (!probed || signal.aborted || isSpawnFailure(error)) throw error;
    await started.at(-1)?.close();
    server = await open({ kind: "legacy" });
  }
  rememberEra(spec, context.eraMemory, server.client);
  server.era = server.client.getProtocolEra() ?? "legacy";
  server.tools = await listAllTools(server.client, signal, spec.options.connectTimeoutMs);
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
  const client = createClient(context, spec, personWaits);
  const server: OpenMcpServer = {
    client,
    personWaits,
    transport: kind,
    tools: [],
    era: "legacy",
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
  // The legacy HTTP+SSE transport exists only in the 2025 era: no probe there.
  const prior =
    kind === "http"
      ? recallEra(spec, context.eraMemory)
      : protocolChoice(spec) === "auto"
        ? ({ kind: "legacy" } as const)
        : undefined;
  await connectClient(client, transport, spec, context, signal, prior);
  if (kind === "http") rememberEra(spec, context.eraMemory, client);
  server.era = client.getProtocolEra() ?? "legacy";
  server.tools = await listAllTools(client, signal, spec.options.connectTimeoutMs);
  return server;
}

/**
 * Connects with the server's era: a remembered verdict skips the probe; a modern verdict that no longer
 * holds is forgotten and the connect tried once more with a probe.
 */
async function connectClient(
  client: Client,
  transport: Transport,
  spec: RunServerSpec,
  context: ConnectServerContext,
  signal: AbortSignal,
  prior: PriorDiscovery | undefined,
): Promise<void> {
  const options = { signal, timeout: spec.options.connectTimeoutMs };
  if (prior === undefined || protocolChoice(spec) === "2025-11-25") {
    await client.connect(transport, options);
    return;
  }
  try {
    await client.connect(transport, { ...options, prior });
  } catch (error) {
    forgetEra(spec, context.eraMemory);
    throw error;
  }
  // The SDK opens the `subscriptions/listen` stream of `listChanged` only after its own probe, not on a
  // connect from a remembered verdict: open it here (the same handler then hears the changes).
  if (
    client.getProtocolEra() === "modern" &&
    client.autoOpenedSubscription === undefined &&
    client.getServerCapabilities()?.tools?.listChanged
  )
    await client.listen({ toolsListChanged: true }, options);
}

/**
 * Longest wait for a stdio server's answer to the `server/discover` probe, in ms. A 2025 server built on
 * the v1 SDK answers it at once with "method not found"; one that stays silent is a 2025 server too
 * (the SDK then falls back to `initialize`), so a short bound keeps its connect from waiting out the
 * whole connect timeout. 5 s is far above the few ms a live server takes to answer.
 */
export const STDIO_PROBE_TIMEOUT_MS = 5_000;

function createClient(context: ConnectServerContext, spec: RunServerSpec, personWaits: PersonWaits): Client {
  const serverName = spec.name;
  const roots = context.roots;
  const elicitation = context.elicitation;
  const modes = elicitation?.modes;
  const choice = protocolChoice(spec);
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
    listMaxPages: MAX_TOOL_LIST_PAGES,
    versionNegotiation: {
      mode: choice === "auto" ? "auto" : choice === "2025-11-25" ? "legacy" : { pin: choice },
      ...(spec.transport === "stdio"
        ? { probe: { timeoutMs: Math.min(STDIO_PROBE_TIMEOUT_MS, spec.options.connectTimeoutMs) } }
        : {}),
    },
    // Both eras: `tools/list_changed` notifications (2025) or a `subscriptions/listen` stream (2026).
    // Our own refresh rather than the SDK's: it starts at once, so the next turn can wait for it.
    listChanged: {
      tools: {
        autoRefresh: false,
        debounceMs: 0,
        onChanged: () => {
          context.onToolsChanged?.(
            serverName,
            listAllTools(client, new AbortController().signal, TOOL_LIST_REFRESH_TIMEOUT_MS, "refresh"),
          );
        },
      },
    },
  });
  if (elicitation && modes && (modes.form || modes.url)) {
    // On 2025 connections the server asks with `elicitation/create`; on 2026 ones the SDK hands the
    // requests of an `input_required` result to this same handler, then retries the call with the answers.
    client.setRequestHandler("elicitation/create", async (request, ctx) => {
      // The person's time to answer is not the server's silence: calls to this server pause their clocks.
      const end = personWaits.begin();
      try {
        return await elicitation.elicit({ serverName, params: request.params }, ctx.mcpReq.signal);
      } finally {
        end();
      }
    });
    if (modes.url)
      client.setNotificationHandler("notifications/elicitation/complete", (notification) =>
        elicitation.completed?.({ serverName, elicitationId: notification.params.elicitationId }),
      );
  }
  if (roots) client.setRequestHandler("roots/list", () => ({ roots: roots.map((root) => ({ ...root })) }));
  return client;
}

function isSpawnFailure(error: unknown): boolean {
  const syscall = (error as { syscall?: unknown } | undefined)?.syscall;
  return McpBridgeError.isInstance(error) || (typeof syscall === "string" && syscall.startsWith("spawn"));
}

/**
 * The whole tool list: without a cursor the SDK walks every page (up to `listMaxPages`) and keeps the list
 * as long as its `ttlMs`/`cacheScope` allow; a change notification reads it afresh (`refresh`).
 */
async function listAllTools(
  client: Client,
  signal: AbortSignal,
  timeout: number,
  cacheMode: "use" | "refresh" = "use",
): Promise<McpTool[]> {
  const result = await client.listTools(undefined, { signal, timeout, cacheMode });
  return result.tools;
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
