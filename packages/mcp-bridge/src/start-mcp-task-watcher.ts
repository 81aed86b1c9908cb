import { checkMcpTasks, type McpTaskCheck } from "./check-mcp-tasks.js";
import type { McpAuthOptions } from "./create-remote-auth-fetch.js";
import type { HandedOffTask, HandedOffTaskStore, McpTaskOutcomePayload } from "./handed-off-task-store.js";
import type { RunServerSpec } from "./run-server-spec.js";
import type { StdioLauncher } from "./stdio-launcher.js";

/** How often the watcher looks for handed-off tasks that are due, in ms (the continuation worker's tick). */
export const TASK_WATCH_TICK_MS = 1_000;
/** Shortest wait between two polls of one task, in ms, whatever `pollInterval` the server suggests. */
export const TASK_WATCH_POLL_MIN_MS = 1_000;
/** Longest wait between two polls of one task, in ms: a finished task is seen within a minute. */
export const TASK_WATCH_POLL_MAX_MS = 60_000;
/** Wait before the next poll when the server suggests none, in ms. */
export const TASK_WATCH_POLL_DEFAULT_MS = 5_000;
/** Bound on each `tasks/get` / `tasks/result` of the watcher, in ms. */
export const TASK_WATCH_REQUEST_TIMEOUT_MS = 30_000;
/**
 * Longest result text a handed-off task delivers, in characters. The synthesis reads it as untrusted
 * data beside the origin conversation; 32,000 characters stays well inside the 256 KiB result body.
 */
export const TASK_RESULT_MAX_CHARS = 32_000;
/** Longest error text a settled task keeps, in characters: one readable paragraph. */
const TASK_ERROR_MAX_CHARS = 1_000;

interface WatchState {
  nextPollAtMs: number;
  waitMs: number;
  lastProblem?: string;
}

/** Options of {@link startMcpTaskWatcher}. */
export interface McpTaskWatcherOptions {
  store: Pick<HandedOffTaskStore, "handedOffTasks" | "settleHandedOffTask">;
  /** The server specs declared now, resolved like a run's (asked once per round). */
  resolveServers(): readonly RunServerSpec[];
  /** The servers whose tasks are still followed (mono-agent: `tools.continuationServers`). */
  followedServers: readonly string[];
  /** Starts stdio servers (as for a run). */
  stdio?: StdioLauncher;
  auth?: McpAuthOptions;
  /** Applied to a task's outcome before it is stored (the host's secrets and token shapes). */
  redactText: (text: string) => string;
  now?: () => number;
  onError?: (error: unknown) => void;
}

/** The watcher of a host's handed-off tasks (see {@link startMcpTaskWatcher}). */
export interface McpTaskWatcher {
  /** Polls every handed-off task that is due now (the timer does this each tick). */
  poll(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Watches the tasks runs handed off: every due task is polled on a fresh connection to its server
 * (the spec `resolveServers` gives now), at the server's `pollInterval` clamped to
 * [{@link TASK_WATCH_POLL_MIN_MS}, {@link TASK_WATCH_POLL_MAX_MS}], doubling while the server cannot
 * be asked or answers garbage. A finished task's outcome is settled once in the store (redacted,
 * bounded). A task past its deadline is settled `expired`; a server no longer declared or no longer
 * followed is settled `unavailable`.
 */
export function startMcpTaskWatcher(options: McpTaskWatcherOptions): McpTaskWatcher {
  const { store } = options;
  const now = options.now ?? Date.now;
  const states = new Map<string, WatchState>();
  const controller = new AbortController();
  const clean = (text: string, max: number) => {
    const redacted = options.redactText(text);
    return redacted.length > max ? `${redacted.slice(0, max)}…` : redacted;
  };
  const settle = (
    task: HandedOffTask,
    taskId: string,
    outcome: Omit<McpTaskOutcomePayload, "kind" | "server" | "taskId">,
  ) => {
    const payload: McpTaskOutcomePayload = {
      kind: "mcp_task_outcome",
      server: task.serverName,
      taskId,
      ...outcome,
      ...(outcome.result !== undefined ? { result: clean(outcome.result, TASK_RESULT_MAX_CHARS + 64) } : {}),
      ...(outcome.error !== undefined ? { error: clean(outcome.error, TASK_ERROR_MAX_CHARS) } : {}),
    };
    try {
      store.settleHandedOffTask(task.continuationId, {
        idempotencyKey: `mcp-task:${taskId}:${outcome.status}`,
        payload,
      });
    } catch (error) {
      options.onError?.(error);
    }
    states.delete(task.continuationId);
  };
  const stateOf = (task: HandedOffTask): WatchState => {
    let state = states.get(task.continuationId);
    if (!state) {
      state = { nextPollAtMs: 0, waitMs: TASK_WATCH_POLL_MIN_MS };
      states.set(task.continuationId, state);
    }
    return state;
  };
  const backOff = (state: WatchState, problem: string) => {
    state.lastProblem = problem;
    state.waitMs = Math.min(TASK_WATCH_POLL_MAX_MS, state.waitMs * 2);
    state.nextPollAtMs = now() + state.waitMs;
  };
  const pollServer = async (spec: RunServerSpec, tasks: HandedOffTask[]) => {
    let checks: McpTaskCheck[];
    try {
      checks = await checkMcpTasks(
        spec,
        tasks.map((task) => task.taskId),
        {
          ...(options.stdio ? { stdio: options.stdio } : {}),
          ...(options.auth ? { auth: options.auth } : {}),
          signal: controller.signal,
          requestTimeoutMs: TASK_WATCH_REQUEST_TIMEOUT_MS,
          resultMaxChars: TASK_RESULT_MAX_CHARS,
        },
      );
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      for (const task of tasks) backOff(stateOf(task), problem);
      return;
    }
    tasks.forEach((task, index) => {
      const check = checks[index];
      const state = stateOf(task);
      if (!check) return;
      if (check.kind === "working") {
        state.lastProblem = undefined;
        state.waitMs = Math.min(
          TASK_WATCH_POLL_MAX_MS,
          Math.max(TASK_WATCH_POLL_MIN_MS, check.pollIntervalMs ?? TASK_WATCH_POLL_DEFAULT_MS),
        );
        state.nextPollAtMs = now() + state.waitMs;
      } else if (check.kind === "completed")
        settle(task, check.taskId, {
          status: check.isError ? "failed" : "completed",
          result: check.text,
          ...(check.isError ? { error: "the task finished with an error result" } : {}),
        });
      else if (check.kind === "failed")
        settle(task, check.taskId, { status: check.status, error: check.message });
      else backOff(state, `the server's answer about the task was unusable: ${check.message}`);
    });
  };
  let running: Promise<void> | undefined;
  const round = async () => {
    const tasks = store.handedOffTasks();
    const live = new Set(tasks.map((task) => task.continuationId));
    for (const id of states.keys()) if (!live.has(id)) states.delete(id);
    const servers = options.resolveServers();
    const due = new Map<RunServerSpec, HandedOffTask[]>();
    for (const task of tasks) {
      const state = stateOf(task);
      if (now() >= task.deadlineMs) {
        settle(task, task.taskId, {
          status: "expired",
          error: `the task did not finish before its deadline ${new Date(task.deadlineMs).toISOString()}${state.lastProblem ? `; last problem: ${state.lastProblem}` : ""}`,
        });
        continue;
      }
      if (state.nextPollAtMs > now()) continue;
      const spec = servers.find((candidate) => candidate.name === task.serverName);
      if (!spec || !options.followedServers.includes(task.serverName)) {
        settle(task, task.taskId, {
          status: "unavailable",
          error: `the MCP server "${task.serverName}" is no longer ${spec ? "in tools.continuationServers" : "declared (or it is disabled or cannot be resolved)"}, so the task cannot be followed`,
        });
        continue;
      }
      due.set(spec, [...(due.get(spec) ?? []), task]);
    }
    await Promise.all([...due].map(([spec, list]) => pollServer(spec, list)));
  };
  const poll = (): Promise<void> => {
    running ??= round()
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        running = undefined;
      });
    return running;
  };
  const timer = setInterval(() => {
    if (!controller.signal.aborted) void poll();
  }, TASK_WATCH_TICK_MS);
  timer.unref();
  setImmediate(() => void poll());
  return {
    poll,
    async close() {
      clearInterval(timer);
      controller.abort();
      await running;
    },
  };
}
