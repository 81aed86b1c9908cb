import type { TaskHandoffReason } from "./call-mcp-task.js";

/** A task still working when its call must return, as the bridge offers it to the host. */
export interface McpTaskHandoffRequest {
  serverName: string;
  /** The tool's original name on the server. */
  toolName: string;
  /** The name the model sees, `mcp__<server>__<tool>`. */
  name: string;
  toolCallId: string;
  taskId: string;
  /** Why the call returns now: the hand-off wait passed, or the call's idle timeout or time limit. */
  reason: TaskHandoffReason;
  /** The TTL the server gave the task, in ms from `createdAt` (`null`: unlimited). */
  ttlMs: number | null;
  /** When the server created the task (ISO 8601, as the server said; untrusted). */
  createdAt: string;
  /** The server's suggested poll interval, in ms, when it gave one. */
  pollIntervalMs?: number;
}

/** What the host made of a handed-off task: the continuation that will deliver its outcome. */
export interface McpTaskHandoffReceipt {
  continuationId: string;
  /** When the host gives the task up (ISO 8601). */
  deadline: string;
}

/**
 * Lets tasks of some servers outlive the run. A task of such a server still `working` `afterMs` after
 * its call started (or at the call's idle timeout or time limit) is handed to `handOff` instead of
 * being cancelled, and the model is told it continues; an abort of the run still cancels it. When
 * `handOff` throws, the task is cancelled and the call fails with `task_handoff_refused`, naming why.
 */
export interface McpTaskHandoff {
  /** Whether tasks of this server may outlive the run. */
  allows(serverName: string): boolean;
  /** How long a call waits for its task before handing it off, in ms. */
  afterMs: number;
  /** The TTL asked of the server for a task that may be handed off, in ms. */
  ttlMs: number;
  handOff(request: McpTaskHandoffRequest): Promise<McpTaskHandoffReceipt>;
}
