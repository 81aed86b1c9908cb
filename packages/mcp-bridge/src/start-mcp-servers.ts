import type { AgentTool } from "@earendil-works/pi-agent-core";
import type { Client, Tool as McpTool } from "@modelcontextprotocol/client";
import { assignMcpToolNames } from "@mono-agent/policy";
import {
  type ConnectServerContext,
  connectMcpServer,
  HTTP_SESSION_END_TIMEOUT_MS,
  type OpenMcpServer,
} from "./connect-mcp-server.js";
import type {
  ConnectedServerInfo,
  ConnectMcpServersOptions,
  McpBridgeWarning,
} from "./connect-mcp-servers.js";
import { isToolIncluded } from "./is-tool-included.js";
import { createMcpAgentTool } from "./mcp-agent-tool.js";
import { McpBridgeError } from "./mcp-bridge-error.js";
import {
  listServerPrompts,
  type McpPromptInfo,
  type RenderedMcpPrompt,
  renderServerPrompt,
} from "./mcp-prompts.js";
import type { RunServerSpec } from "./run-server-spec.js";

/**
 * Extra time close() allows beyond the longest close of one server (the stdio launcher's `closeBoundMs`,
 * or the HTTP session end) before it stops waiting, in ms: room for the client's own close and timers.
 */
export const CLOSE_MARGIN_MS = 1_000;

/** A server's state as it changes: `connected` and `failed` are reported once, when they happen. */
export interface McpServerStatusEvent {
  serverName: string;
  status: "connected" | "failed" | "tools_changed";
  /** How long after the start, in ms. */
  afterMs: number;
  toolCount: number;
}

/** The run's MCP servers while they connect and after: tools as of now, status, prompts, close. */
export interface LiveMcpServers {
  /** The tools to offer now: connected servers' current lists, cached lists of servers still connecting. */
  tools(): AgentTool[];
  servers(): ConnectedServerInfo[];
  readonly warnings: McpBridgeWarning[];
  /**
   * Resolves when every server has connected or failed, or once `graceMs` have passed since the servers
   * started connecting (default: no bound).
   */
  settled(graceMs?: number): Promise<void>;
  /** Resolves when the tool lists announced by `tools/list_changed` so far are read (bounded per refresh). */
  refreshed(): Promise<void>;
  listPrompts(serverName?: string): Promise<McpPromptInfo[]>;
  getPrompt(serverName: string, name: string, args?: Record<string, string>): Promise<RenderedMcpPrompt>;
  /** The connected client of a server, for app-owned tools over it (resources). */
  client(serverName: string): Client | undefined;
  /** Names of the servers connected now. */
  connectedNames(): string[];
  close(): Promise<void>;
}

interface ServerEntry {
  spec: RunServerSpec;
  status: "connecting" | "connected" | "failed";
  open?: OpenMcpServer;
  failure?: McpBridgeError;
  /** The current list: the server's once connected, the cached one until then. */
  tools: McpTool[];
  ready: Promise<OpenMcpServer>;
}

/**
 * Starts connecting every server in the background and returns at once. {@link LiveMcpServers.tools}
 * is what the next model turn is offered: it grows as servers connect and follows their
 * `tools/list_changed`, named `mcp__<server>__<tool>` by `assignMcpToolNames` with the same filters.
 */
export function startMcpServers(options: ConnectMcpServersOptions): LiveMcpServers {
  const started = performance.now();
  const warnings: McpBridgeWarning[] = [];
  const warn = (warning: McpBridgeWarning) => {
    warnings.push(warning);
    options.onWarning?.(warning);
  };
  const status = (entry: ServerEntry, kind: McpServerStatusEvent["status"]) =>
    options.onServerStatus?.({
      serverName: entry.spec.name,
      status: kind,
      afterMs: Math.round(performance.now() - started),
      toolCount: entry.tools.length,
    });
  const entries: ServerEntry[] = [];
  const refreshes = new Set<Promise<void>>();
  const context: ConnectServerContext = {
    clientInfo: options.clientInfo ?? { name: "mono-agent", version: "0.0.0" },
    ...(options.stdio ? { stdio: options.stdio } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
    ...(options.onStderr ? { onStderr: options.onStderr } : {}),
    ...(options.auth ? { auth: options.auth } : {}),
    ...(options.roots ? { roots: options.roots } : {}),
    ...(options.elicitation ? { elicitation: options.elicitation } : {}),
    ...(options.eraMemory ? { eraMemory: options.eraMemory } : {}),
    onToolsChanged: (serverName, listing) => {
      const refresh = listing.then(
        (tools) => {
          const entry = entries.find((candidate) => candidate.spec.name === serverName);
          if (entry?.status !== "connected") return;
          entry.tools = tools;
          safeRead(() => options.toolCache?.write(entry.spec, tools));
          status(entry, "tools_changed");
        },
        () => {},
      );
      refreshes.add(refresh);
      void refresh.finally(() => refreshes.delete(refresh));
    },
  };
  // Starting a process blocks the event loop (fork + exec, ~0.2 s each on a loaded 2-core machine), so
  // the servers are started one per macrotask: the run goes on (its first model call, its grace timer)
  // between two spawns instead of after all of them.
  let queue = Promise.resolve();
  const startInTurn = (spec: RunServerSpec): Promise<OpenMcpServer> => {
    const turn = queue.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
    queue = turn;
    return turn.then(() => connectMcpServer(spec, context));
  };
  for (const spec of options.servers) {
    const entry: ServerEntry = {
      spec,
      status: "connecting",
      tools: safeRead(() => options.toolCache?.read(spec)) ?? [],
      ready: startInTurn(spec),
    };
    entry.ready.then(
      (open) => {
        entry.open = open;
        entry.tools = open.tools;
        entry.status = "connected";
        safeRead(() => options.toolCache?.write(spec, open.tools));
        status(entry, "connected");
      },
      (error: unknown) => {
        entry.failure = McpBridgeError.isInstance(error)
          ? error
          : new McpBridgeError(
              "connect_failed",
              `MCP server "${spec.name}" failed to connect: ${String(error)}`,
              {
                cause: error,
              },
            );
        entry.status = "failed";
        entry.tools = [];
        warn({
          kind: "mcp_server_unavailable",
          serverName: spec.name,
          message: entry.failure.message,
          code: entry.failure.code,
        });
        status(entry, "failed");
      },
    );
    entries.push(entry);
  }
  const allSettled = Promise.allSettled(entries.map((entry) => entry.ready)).then(() => {});
  const agentTools = new WeakMap<McpTool, Map<string, AgentTool>>();
  const warnedCollisions = new Set<string>();
  let names = new Map<string, string[]>();

  const tools = (): AgentTool[] => {
    const offered = entries.flatMap((entry) =>
      entry.tools
        .filter((tool) => isToolIncluded(tool.name, entry.spec.options))
        .map((tool) => ({ entry, tool })),
    );
    const { assignments, collisions } = assignMcpToolNames(
      offered.map(({ entry, tool }) => ({ serverName: entry.spec.name, toolName: tool.name })),
    );
    const nameOf = new Map(
      assignments.map((item) => [`${item.serverName}\u0000${item.toolName}`, item.name]),
    );
    reportCollisions(collisions, warnedCollisions, warn);
    const result: AgentTool[] = [];
    names = new Map();
    for (const { entry, tool } of offered) {
      const name = nameOf.get(`${entry.spec.name}\u0000${tool.name}`);
      const serverNames = names.get(entry.spec.name) ?? [];
      if (name === undefined || serverNames.includes(name)) continue;
      names.set(entry.spec.name, [...serverNames, name]);
      result.push(agentToolFor(entry, tool, name));
    }
    return result;
  };

  const agentToolFor = (entry: ServerEntry, tool: McpTool, name: string): AgentTool => {
    const byName = agentTools.get(tool) ?? new Map<string, AgentTool>();
    agentTools.set(tool, byName);
    const existing = byName.get(name);
    if (existing) return existing;
    const created = createMcpAgentTool({
      client: entry.open
        ? entry.open.client
        : () =>
            entry.ready.then(
              (open) => open.client,
              (error) => {
                throw unavailable(entry, name, error);
              },
            ),
      serverName: entry.spec.name,
      tool,
      name,
      callTimeoutMs: entry.spec.options.timeoutMs ?? options.callTimeoutMs,
      callMaxTotalTimeoutMs: entry.spec.options.maxTotalTimeoutMs ?? options.callMaxTotalTimeoutMs,
      toolOutputDir: options.toolOutputDir,
      ...(options.redactSavedOutput ? { redactSavedOutput: options.redactSavedOutput } : {}),
      runId: options.runId,
      describeDisconnect: () => entry.open?.describeDisconnect() ?? "",
      personWaits: () => entry.open?.personWaits,
      ...(options.signal ? { runSignal: options.signal } : {}),
      ...(options.onProgress ? { onProgress: options.onProgress } : {}),
      ...(options.taskHandoff?.allows(entry.spec.name) ? { taskHandoff: options.taskHandoff } : {}),
    });
    byName.set(name, created);
    return created;
  };

  const servers = (): ConnectedServerInfo[] => {
    tools();
    return entries.map((entry) => {
      const info = {
        name: entry.spec.name,
        transport: entry.open?.transport ?? entry.spec.transport,
        ...(entry.open ? { protocolEra: entry.open.era } : {}),
        status: entry.status === "connected" ? ("connected" as const) : ("failed" as const),
        toolNames: entry.status === "connected" ? (names.get(entry.spec.name) ?? []) : [],
        get stderrTail() {
          return entry.open?.stderrTail() ?? "";
        },
      };
      if (entry.status === "connecting")
        return Object.assign(info, {
          error: `MCP server "${entry.spec.name}" is still connecting.`,
          errorCode: "connect_timeout" as const,
        });
      return entry.failure
        ? Object.assign(info, { error: entry.failure.message, errorCode: entry.failure.code })
        : info;
    });
  };

  const clientOf = (serverName: string): Client => {
    const entry = entries.find((candidate) => candidate.spec.name === serverName && candidate.open);
    if (!entry?.open)
      throw new McpBridgeError(
        "unknown_server",
        `No connected MCP server is named "${serverName}"; connected: ${
          entries
            .filter((candidate) => candidate.open)
            .map((candidate) => candidate.spec.name)
            .join(", ") || "none"
        }.`,
      );
    return entry.open.client;
  };

  const closeBound =
    Math.max(options.stdio?.closeBoundMs ?? 0, HTTP_SESSION_END_TIMEOUT_MS) + CLOSE_MARGIN_MS;
  let closing: Promise<void> | undefined;
  return {
    tools,
    servers,
    warnings,
    refreshed: () => Promise.all([...refreshes]).then(() => {}),
    settled: (graceMs) =>
      graceMs === undefined
        ? allSettled
        : withinMilliseconds(allSettled, Math.max(0, graceMs - (performance.now() - started))),
    async listPrompts(serverName) {
      const chosen = entries.filter(
        (entry) => entry.open && (serverName === undefined || entry.spec.name === serverName),
      );
      if (serverName !== undefined && chosen.length === 0) clientOf(serverName);
      const lists = await Promise.all(
        chosen.map((entry) => listServerPrompts(entry.spec.name, entry.open!.client).catch(() => [])),
      );
      return lists.flat();
    },
    getPrompt: (serverName, name, args = {}) =>
      renderServerPrompt(serverName, clientOf(serverName), name, args),
    client: (serverName) => entries.find((entry) => entry.spec.name === serverName)?.open?.client,
    connectedNames: () => entries.filter((entry) => entry.open).map((entry) => entry.spec.name),
    close: () => {
      closing ??= (async () => {
        await withinMilliseconds(
          Promise.allSettled(entries.map((entry) => entry.ready.then((open) => open.close()))),
          closeBound,
        );
      })();
      return closing;
    },
  };
}

function unavailable(entry: ServerEntry, name: string, error: unknown): McpBridgeError {
  const reason = McpBridgeError.isInstance(error) ? error.message : String(error);
  return new McpBridgeError(
    "server_disconnected",
    `The call of "${name}" could not run: the MCP server "${entry.spec.name}" did not connect (${reason})`,
    { cause: error },
  );
}

function reportCollisions(
  collisions: ReturnType<typeof assignMcpToolNames>["collisions"],
  warned: Set<string>,
  warn: (warning: McpBridgeWarning) => void,
): void {
  for (const collision of collisions) {
    const renamed = collision.tools
      .map((tool, index) => `"${tool.toolName}" of "${tool.serverName}" as ${collision.resolvedAs[index]}`)
      .join(", ");
    if (warned.has(renamed)) continue;
    warned.add(renamed);
    for (const serverName of new Set(collision.tools.map((tool) => tool.serverName))) {
      warn({
        kind: "mcp_tool_name_collision",
        serverName,
        message: `MCP tools share the name ${collision.name} after sanitising; offered ${renamed}.`,
      });
    }
  }
}

function safeRead<T>(read: () => T): T | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}

async function withinMilliseconds(promise: Promise<unknown>, milliseconds: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    promise.then(
      () => {},
      () => {},
    ),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, milliseconds);
    }),
  ]);
  clearTimeout(timer);
}
