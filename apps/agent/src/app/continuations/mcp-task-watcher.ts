import type { LoadedConfig } from "@mono-agent/config";
import type { ContinuationRecord } from "@mono-agent/continuations";
import {
  type ContinuationService,
  handedOffTaskId,
  taskHandoffDeadlineMs,
} from "@mono-agent/continuations/node";
import { checkMcpTasks, type McpTaskCheck, type RunServerSpec } from "@mono-agent/mcp-bridge";
import { createFileMcpAuthStore } from "@mono-agent/mcp-bridge/node";
import { createWatchedStdioLauncher } from "../../runtime/create-watched-stdio-launcher.js";
import { mcpAuthStoreFile, mcpLoginHint } from "../mcp/mcp-auth-store-file.js";
import { resolveRunServerSpecs } from "../run/run-server-specs.js";

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

/** The outcome of a handed-off task, as the synthesis reads it (untrusted). */
export interface McpTaskOutcomePayload {
  kind: "mcp_task_outcome";
  server: string;
  taskId: string;
  status: "completed" | "failed" | "cancelled" | "expired" | "unavailable";
  /** The task's result text (redacted, bounded), for `completed` (and a failed result's text). */
  result?: string;
  /** Why it did not complete (redacted, bounded). */
  error?: string;
}

interface WatchState {
  nextPollAtMs: number;
  waitMs: number;
  lastProblem?: string;
}

/** The watcher of an app's handed-off tasks (see {@link startMcpTaskWatcher}). */
export interface McpTaskWatcher {
  /** Polls every handed-off task that is due now (the timer does this each tick). */
  poll(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Watches the tasks runs handed off: every due record is polled on a fresh connection to its server
 * (the spec the config declares now, resolved like a run's), at the server's `pollInterval` clamped to
 * [{@link TASK_WATCH_POLL_MIN_MS}, {@link TASK_WATCH_POLL_MAX_MS}], doubling while the server cannot
 * be asked or answers garbage. A finished task's outcome is settled once as the record's result
 * (redacted, bounded), which the continuation worker synthesizes and delivers into the conversation. A
 * task past its deadline is settled `expired`; a server no longer declared or no longer in
 * `tools.continuationServers` is settled `unavailable`.
 */
export function startMcpTaskWatcher(options: {
  loaded: LoadedConfig;
  env: Readonly<Record<string, string | undefined>>;
  service: Pick<ContinuationService, "taskHandoffs" | "settleTaskHandoff">;
  redactText: (text: string) => string;
  now?: () => number;
  onError?: (error: unknown) => void;
}): McpTaskWatcher {
  const { loaded, env, service } = options;
  const now = options.now ?? Date.now;
  const states = new Map<string, WatchState>();
  const controller = new AbortController();
  const stdio = createWatchedStdioLauncher(env, loaded.config.tools.mcpEnvPassthrough);
  const auth = { store: createFileMcpAuthStore(mcpAuthStoreFile(loaded)), loginHint: mcpLoginHint };
  const clean = (text: string, max: number) => {
    const redacted = options.redactText(text);
    return redacted.length > max ? `${redacted.slice(0, max)}…` : redacted;
  };
  const settle = (
    record: ContinuationRecord,
    taskId: string,
    outcome: Omit<McpTaskOutcomePayload, "kind" | "server" | "taskId">,
  ) => {
    const payload: McpTaskOutcomePayload = {
      kind: "mcp_task_outcome",
      server: record.serverName,
      taskId,
      ...outcome,
      ...(outcome.result !== undefined ? { result: clean(outcome.result, TASK_RESULT_MAX_CHARS + 64) } : {}),
      ...(outcome.error !== undefined ? { error: clean(outcome.error, 1_000) } : {}),
    };
    try {
      service.settleTaskHandoff(record.continuationId, {
        idempotencyKey: `mcp-task:${taskId}:${outcome.status}`,
        payload,
      });
    } catch (error) {
      options.onError?.(error);
    }
    states.delete(record.continuationId);
  };
  const stateOf = (record: ContinuationRecord): WatchState => {
    let state = states.get(record.continuationId);
    if (!state) {
      state = { nextPollAtMs: 0, waitMs: TASK_WATCH_POLL_MIN_MS };
      states.set(record.continuationId, state);
    }
    return state;
  };
  const backOff = (state: WatchState, problem: string) => {
    state.lastProblem = problem;
    state.waitMs = Math.min(TASK_WATCH_POLL_MAX_MS, state.waitMs * 2);
    state.nextPollAtMs = now() + state.waitMs;
  };
  const pollServer = async (spec: RunServerSpec, records: ContinuationRecord[]) => {
    const ids = records.map((record) => handedOffTaskId(record) as string);
    let checks: McpTaskCheck[];
    try {
      checks = await checkMcpTasks(spec, ids, {
        stdio,
        auth,
        signal: controller.signal,
        requestTimeoutMs: TASK_WATCH_REQUEST_TIMEOUT_MS,
        resultMaxChars: TASK_RESULT_MAX_CHARS,
      });
    } catch (error) {
      const problem = error instanceof Error ? error.message : String(error);
      for (const record of records) backOff(stateOf(record), problem);
      return;
    }
    records.forEach((record, index) => {
      const check = checks[index];
      const state = stateOf(record);
      if (!check) return;
      if (check.kind === "working") {
        state.lastProblem = undefined;
        state.waitMs = Math.min(
          TASK_WATCH_POLL_MAX_MS,
          Math.max(TASK_WATCH_POLL_MIN_MS, check.pollIntervalMs ?? TASK_WATCH_POLL_DEFAULT_MS),
        );
        state.nextPollAtMs = now() + state.waitMs;
      } else if (check.kind === "completed")
        settle(record, check.taskId, {
          status: check.isError ? "failed" : "completed",
          result: check.text,
          ...(check.isError ? { error: "the task finished with an error result" } : {}),
        });
      else if (check.kind === "failed")
        settle(record, check.taskId, { status: check.status, error: check.message });
      else backOff(state, `the server's answer about the task was unusable: ${check.message}`);
    });
  };
  let running: Promise<void> | undefined;
  const round = async () => {
    const records = service.taskHandoffs();
    const live = new Set(records.map((record) => record.continuationId));
    for (const id of states.keys()) if (!live.has(id)) states.delete(id);
    const { servers } = resolveRunServerSpecs(loaded, env);
    const due = new Map<RunServerSpec, ContinuationRecord[]>();
    for (const record of records) {
      const taskId = handedOffTaskId(record);
      if (taskId === undefined) continue;
      const state = stateOf(record);
      if (now() >= taskHandoffDeadlineMs(record)) {
        settle(record, taskId, {
          status: "expired",
          error: `the task did not finish before its deadline ${new Date(taskHandoffDeadlineMs(record)).toISOString()}${state.lastProblem ? `; last problem: ${state.lastProblem}` : ""}`,
        });
        continue;
      }
      if (state.nextPollAtMs > now()) continue;
      const spec = servers.find((candidate) => candidate.name === record.serverName);
      if (!spec || !loaded.config.tools.continuationServers.includes(record.serverName)) {
        settle(record, taskId, {
          status: "unavailable",
          error: `the MCP server "${record.serverName}" is no longer ${spec ? "in tools.continuationServers" : "declared (or it is disabled or cannot be resolved)"}, so the task cannot be followed`,
        });
        continue;
      }
      due.set(spec, [...(due.get(spec) ?? []), record]);
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
