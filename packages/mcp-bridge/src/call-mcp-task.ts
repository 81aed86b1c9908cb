import type { CallToolResult, Client, Task } from "@modelcontextprotocol/client";
import { cancelTask, createToolTask, getTask, getTaskResult } from "./mcp-task-requests.js";

/** Shortest wait between two `tasks/get`, in ms, whatever `pollInterval` the server suggests (keeps a bad server from busy-polling us). */
export const TASK_POLL_MIN_MS = 100;
/** Longest wait between two `tasks/get`, in ms: the backoff stops growing at 5 s, so a finished task is seen within 5 s. */
export const TASK_POLL_MAX_MS = 5_000;
/** Growth of the wait while the task reports nothing new (×1.5 per unchanged poll, back to the server's interval on news). */
export const TASK_POLL_BACKOFF = 1.5;
/** Bound on the best-effort `tasks/cancel` after an abort or a timeout, in ms. */
export const TASK_CANCEL_TIMEOUT_MS = 1_000;

/** Why a task call stopped before its result: the caller maps it to its error. */
export type TaskStop = "idle_timeout" | "time_limit" | "aborted";

/** Why a task that may outlive its run was handed off (it keeps working on the server). */
export type TaskHandoffReason = "handoff_after" | "idle_timeout" | "time_limit";

/** What one task-augmented call needs. */
export interface McpTaskCall {
  client: Client;
  toolName: string;
  arguments: Record<string, unknown>;
  /** No news (a new status or status message) for this long ends the call, in ms. */
  idleTimeoutMs: number;
  /** Absolute cap of the call, in ms; also asked of the server as the task's TTL. */
  totalTimeoutMs: number;
  signal: AbortSignal;
  /** Each new status of the task (created, then every change of status or message). */
  onStatus?: (task: Task) => void;
  /**
   * The task may outlive the run: still `working` this long after the call started (or at the idle
   * timeout or the time limit), it is returned as `handoff`, not cancelled. An abort still cancels it.
   */
  handoffAfterMs?: number;
  /** The TTL asked of the server, in ms (default `totalTimeoutMs`); a task that may be handed off asks for longer. */
  ttlMs?: number;
}

/** The result of a task call, or why it stopped (the task is cancelled on the server then). */
export type McpTaskOutcome =
  | { kind: "result"; task: Task; result: CallToolResult }
  | { kind: "failed"; task: Task }
  | { kind: "stopped"; reason: TaskStop; task?: Task }
  | { kind: "handoff"; reason: TaskHandoffReason; task: Task };

/**
 * Calls a tool as an MCP task (2025-11-25 tasks utility): `tools/call` with `task: { ttl }`, then
 * `tasks/get` with backoff (the server's `pollInterval`, growing ×{@link TASK_POLL_BACKOFF} up to
 * {@link TASK_POLL_MAX_MS} while nothing changes), then `tasks/result`. An abort, the idle timeout or the
 * total cap stop it and send `tasks/cancel` (best effort, bounded).
 */
export async function callMcpTask(call: McpTaskCall): Promise<McpTaskOutcome> {
  const started = Date.now();
  let lastNews = started;
  let task: Task | undefined;
  const stop = async (reason: TaskStop): Promise<McpTaskOutcome> => {
    if (task && reason !== "aborted" && call.handoffAfterMs !== undefined && task.status === "working")
      return { kind: "handoff", reason, task };
    if (task) await cancelQuietly(call.client, task.taskId);
    return { kind: "stopped", reason, ...(task ? { task } : {}) };
  };
  const stopReason = (): TaskStop | undefined => {
    // The cap first: the caller's own time-limit timer aborts the signal at the same moment.
    if (Date.now() - started >= call.totalTimeoutMs) return "time_limit";
    if (call.signal.aborted) return "aborted";
    if (Date.now() - lastNews >= call.idleTimeoutMs) return "idle_timeout";
    return undefined;
  };
  const handoffDue = () =>
    call.handoffAfterMs !== undefined && Date.now() - started >= call.handoffAfterMs && !call.signal.aborted;
  try {
    task = await createToolTask(
      call.client,
      { name: call.toolName, arguments: call.arguments, ttlMs: call.ttlMs ?? call.totalTimeoutMs },
      { signal: call.signal, timeout: call.idleTimeoutMs },
    );
    call.onStatus?.(task);
    let wait = pollInterval(task);
    while (task.status === "working") {
      if (handoffDue()) return { kind: "handoff", reason: "handoff_after", task };
      const untilHandoff =
        call.handoffAfterMs === undefined ? wait : call.handoffAfterMs - (Date.now() - started);
      const reason = await sleepUnless(Math.max(0, Math.min(wait, untilHandoff)), call.signal, () =>
        stopReason(),
      );
      if (reason) return await stop(reason);
      const next = await getTask(call.client, task.taskId, {
        signal: call.signal,
        timeout: call.idleTimeoutMs,
      });
      const news = next.status !== task.status || next.statusMessage !== task.statusMessage;
      task = next;
      if (news) {
        lastNews = Date.now();
        call.onStatus?.(task);
        wait = pollInterval(task);
      } else wait = Math.min(TASK_POLL_MAX_MS, wait * TASK_POLL_BACKOFF);
    }
    if (task.status === "failed" || task.status === "cancelled") return { kind: "failed", task };
    // completed, or input_required: tasks/result delivers what the server queued and blocks to the end.
    const remaining = Math.max(1, call.totalTimeoutMs - (Date.now() - started));
    const result = await getTaskResult(call.client, task.taskId, {
      signal: call.signal,
      timeout: remaining,
    });
    return { kind: "result", task, result };
  } catch (error) {
    const reason = stopReason();
    if (reason) return await stop(reason);
    throw error;
  }
}

function pollInterval(task: Task): number {
  return Math.min(TASK_POLL_MAX_MS, Math.max(TASK_POLL_MIN_MS, task.pollInterval ?? 1_000));
}

/** Waits `milliseconds` unless the signal aborts or a bound passes first; returns that stop reason. */
async function sleepUnless(
  milliseconds: number,
  signal: AbortSignal,
  check: () => TaskStop | undefined,
): Promise<TaskStop | undefined> {
  const early = check();
  if (early) return early;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(done, milliseconds);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
  return check();
}

/** Best-effort `tasks/cancel`, bounded by {@link TASK_CANCEL_TIMEOUT_MS}; never throws. */
export async function cancelQuietly(client: Client, taskId: string): Promise<void> {
  await cancelTask(client, taskId, { timeout: TASK_CANCEL_TIMEOUT_MS }).catch(() => {});
}
