import type { ContinuationChannel } from "../continuation-ports.js";
import type { ContinuationStore } from "./open-continuation-store.js";

/** Syntheses a record may start: a second start only follows a process death during the first. */
export const SYNTHESIS_STARTS_MAX = 2;

/** What recovery did, for the host's log. */
export interface RecoveryReport {
  resumedSyntheses: number;
  deadLettered: number;
  reconciledDeliveries: number;
  resumedDeliveries: number;
  deliveryUnknown: number;
  originContextsActivated: number;
  originContextsAbandoned: number;
}

/**
 * Start-up recovery, run by the process that has just taken the store's ownership (so every lease
 * in the store belongs to a process that is gone):
 * - `synthesizing`: no text was stored, so nothing can have been delivered: back to `result_received`
 *   (once; a record interrupted twice is dead-lettered, so a crashing synthesis cannot loop).
 * - a delivery that had started: the channel is asked; delivered ⇒ `delivered` (receipt says
 *   `resolvedBy: "recovery"`), not delivered ⇒ delivered again, cannot tell ⇒ `delivery_unknown`.
 * - an origin context still `pending`: its run died with the process: pinned if that run's messages
 *   were committed (`isOriginCommitted`), abandoned otherwise.
 */
export async function recoverContinuations(options: {
  store: ContinuationStore;
  channel: ContinuationChannel;
  now: number;
  isOriginCommitted?: (originRunId: string) => boolean | Promise<boolean>;
}): Promise<RecoveryReport> {
  const { store, channel, now } = options;
  const report: RecoveryReport = {
    resumedSyntheses: 0,
    deadLettered: 0,
    reconciledDeliveries: 0,
    resumedDeliveries: 0,
    deliveryUnknown: 0,
    originContextsActivated: 0,
    originContextsAbandoned: 0,
  };
  const clear = { leaseOwner: null, leaseExpiresAtMs: null };
  const any = { now: Number.MAX_SAFE_INTEGER };
  for (const record of store.inStates(["synthesizing"])) {
    if (record.synthesisAttempts >= SYNTHESIS_STARTS_MAX) {
      store.update(
        record.continuationId,
        ["synthesizing"],
        {
          ...clear,
          state: "dead_lettered",
          lastErrorCode: "synthesis_interrupted",
          lastErrorMessage: `the process died during ${record.synthesisAttempts} syntheses of this record; retry it once the cause is fixed`,
        },
        any,
      );
      report.deadLettered++;
    } else {
      store.update(record.continuationId, ["synthesizing"], { ...clear, state: "result_received" }, any);
      report.resumedSyntheses++;
    }
  }
  for (const record of store.inStates(["ready_to_deliver", "delivery_retry"])) {
    if (record.deliveryStartedAtMs === undefined || record.destinationConversationId === undefined) {
      store.update(record.continuationId, [record.state], clear, any);
      continue;
    }
    const deliveryId = `continuation-${record.continuationId}`;
    const found = channel.lookupDelivery
      ? await channel
          .lookupDelivery(deliveryId, record.destinationConversationId, {
            serverName: record.serverName,
            originRunId: record.originRunId,
            ...(record.synthesisUsage ? { synthesisUsage: record.synthesisUsage } : {}),
          })
          .catch(() => "unknown" as const)
      : ("unknown" as const);
    if (found === "unknown") {
      store.update(
        record.continuationId,
        [record.state],
        {
          ...clear,
          state: "delivery_unknown",
          lastErrorCode: "delivery_interrupted",
          lastErrorMessage:
            "the process died while this result was being delivered; check the conversation, then resolve or retry --allow-unknown",
        },
        any,
      );
      report.deliveryUnknown++;
    } else if (found) {
      store.update(
        record.continuationId,
        [record.state],
        {
          ...clear,
          state: "delivered",
          deliveryAttempts: record.deliveryAttempts + 1,
          deliveryStartedAtMs: null,
          receiptJson: JSON.stringify({
            deliveredAt: new Date(now).toISOString(),
            ...found,
            resolvedBy: "recovery",
          }),
        },
        any,
      );
      report.reconciledDeliveries++;
    } else {
      store.update(record.continuationId, [record.state], { ...clear, deliveryStartedAtMs: null }, any);
      report.resumedDeliveries++;
    }
  }
  const pendingRuns = new Set(
    store
      .inStates(["claimed", "result_received"])
      .filter((record) => record.originContextState === "pending")
      .map((record) => record.originRunId),
  );
  for (const runId of pendingRuns) {
    const committed = options.isOriginCommitted ? await options.isOriginCommitted(runId) : false;
    for (const record of store.recordsOfRun(runId)) {
      if (record.originContextState !== "pending") continue;
      const pinned = committed && record.originContextHash !== undefined;
      store.update(
        record.continuationId,
        [record.state],
        { originContextState: pinned ? "pinned" : "abandoned" },
        any,
      );
      if (pinned) report.originContextsActivated++;
      else report.originContextsAbandoned++;
    }
  }
  return report;
}
