import type { HandedOffTaskStore } from "./handed-off-task-store.js";
import type { McpTaskHandoff } from "./mcp-task-handoff.js";

/**
 * Most tasks one run may hand off per server. A run that leaves more than four jobs of one server
 * running is more likely a model in a loop than a plan; the fifth is cancelled with a clear error.
 */
export const MAX_TASK_HANDOFFS_PER_SERVER = 4;

/** Most tasks one run may hand off in all (four servers at their limit). */
export const MAX_TASK_HANDOFFS_PER_RUN = 16;

/**
 * The TTL asked of a server for a task that may be handed off, and the deadline of a task whose server
 * gives it no TTL (`null`): one day. Past it the host gives the task up and delivers `expired` once.
 */
export const TASK_HANDOFF_TTL_MS = 24 * 60 * 60_000;

/** Options of {@link createRunTaskHandoff}. */
export interface RunTaskHandoffOptions {
  store: Pick<HandedOffTaskStore, "handOffTask">;
  /** The servers whose tasks may outlive the run (mono-agent: `tools.continuationServers`). */
  serverNames: readonly string[];
  /** How long a call waits for its task before handing it off, in ms. */
  afterMs: number;
  runId: string;
  conversationId: string;
  now?: () => number;
}

/**
 * The hand-off side of one run: tasks of `serverNames` still working after `afterMs` are handed to
 * the store (deadline: the task's TTL from its creation, or {@link TASK_HANDOFF_TTL_MS} without one,
 * capped by the store), within {@link MAX_TASK_HANDOFFS_PER_SERVER} and {@link MAX_TASK_HANDOFFS_PER_RUN}.
 */
export function createRunTaskHandoff(options: RunTaskHandoffOptions): McpTaskHandoff {
  const now = options.now ?? Date.now;
  const perServer = new Map<string, number>();
  let total = 0;
  return {
    allows: (serverName) => options.serverNames.includes(serverName),
    afterMs: options.afterMs,
    ttlMs: TASK_HANDOFF_TTL_MS,
    async handOff(request) {
      const count = perServer.get(request.serverName) ?? 0;
      if (count >= MAX_TASK_HANDOFFS_PER_SERVER)
        throw new Error(
          `this run already left ${MAX_TASK_HANDOFFS_PER_SERVER} tasks of "${request.serverName}" running, the most one run may`,
        );
      if (total >= MAX_TASK_HANDOFFS_PER_RUN)
        throw new Error(
          `this run already left ${MAX_TASK_HANDOFFS_PER_RUN} tasks running, the most one run may`,
        );
      const created = Date.parse(request.createdAt);
      const start = Number.isFinite(created) && created <= now() ? created : now();
      const ttl =
        request.ttlMs !== null && Number.isFinite(request.ttlMs) && request.ttlMs > 0
          ? request.ttlMs
          : TASK_HANDOFF_TTL_MS;
      const claim = options.store.handOffTask({
        runId: options.runId,
        serverName: request.serverName,
        conversationId: options.conversationId,
        taskId: request.taskId,
        deadlineMs: Math.max(start + ttl, now() + 1),
      });
      if (!claim.replayed) {
        perServer.set(request.serverName, count + 1);
        total += 1;
      }
      return { continuationId: claim.continuationId, deadline: new Date(claim.deadlineMs).toISOString() };
    },
  };
}
