/** A task a run handed off, as the host hands it to its store. */
export interface HandOffTaskRequest {
  runId: string;
  serverName: string;
  conversationId: string;
  /** The server's task id (`tasks/get`). */
  taskId: string;
  /** When the host gives the task up (epoch ms); the store may cap it. */
  deadlineMs: number;
}

/** The record that now stands for a handed-off task. */
export interface HandOffTaskClaim {
  continuationId: string;
  /** The task's deadline as stored (the request's, capped). */
  deadlineMs: number;
  /** Whether the store already held this task (a repeat counts against no limit). */
  replayed: boolean;
}

/** A handed-off task still waiting for its outcome, as the watcher reads it from the store. */
export interface HandedOffTask {
  continuationId: string;
  serverName: string;
  taskId: string;
  /** When the host gives the task up (epoch ms). */
  deadlineMs: number;
}

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

/**
 * Where a host keeps the tasks its runs handed off (mono-agent: the continuation store, SQLite or
 * PostgreSQL). The bridge only asks it to take a task, list the ones waiting, and settle one once.
 */
export interface HandedOffTaskStore {
  /** Takes a task over; the same task handed off again returns its record with `replayed: true`. */
  handOffTask(request: HandOffTaskRequest): HandOffTaskClaim;
  /** The handed-off tasks still waiting for their outcome. */
  handedOffTasks(): readonly HandedOffTask[];
  /** Stores a task's outcome once (a repeat of the same `idempotencyKey` changes nothing). */
  settleHandedOffTask(
    continuationId: string,
    settlement: { idempotencyKey: string; payload: McpTaskOutcomePayload },
  ): void;
}
