import { logicalConversationId } from "../run-ids.js";
import type { RunStore } from "../run-store.js";
import { isRunOwnerAlive } from "./process-owner.js";

/** Running runs read by {@link liveRunsOfConversation} (the run store's own default bound of `listRunningRuns`). */
const LIVE_RUNS_READ_MAX = 1_000;

/** A run in progress: its id and the process recorded as running it. */
export interface LiveRun {
  runId: string;
  pid: number;
}

/**
 * Runs of the logical conversation of `conversationId` (every `#YYYY-MM-DD` bucket) that the store
 * records as `running` and whose process may still be alive (`isRunOwnerAlive`): runs of this or another
 * process, on this host or (as nothing here can tell) another. A run left `running` by a dead process
 * of this host is not counted; it becomes `interrupted` at the next reconciliation. Reads at most 1,000
 * running runs.
 */
export async function liveRunsOfConversation(
  store: Pick<RunStore, "listRuns" | "listRunningRuns">,
  conversationId: string,
): Promise<LiveRun[]> {
  const running = await store.listRunningRuns(LIVE_RUNS_READ_MAX);
  if (running.length === 0) return [];
  const inConversation = await store.listRuns({
    logicalConversationId: logicalConversationId(conversationId),
    statuses: ["running"],
    limit: LIVE_RUNS_READ_MAX,
  });
  const ids = new Set(inConversation.runs.map((run) => run.runId));
  return running
    .filter((run) => ids.has(run.runId) && isRunOwnerAlive(run.owner))
    .map((run) => ({ runId: run.runId, pid: run.owner.pid }));
}
