import type { ContinuationChannel } from "../continuation-ports.js";
import type { ContinuationRecord } from "../continuation-record.js";
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

/** A report of a recovery that found nothing to do. */
export function emptyRecoveryReport(): RecoveryReport {
  return {
    resumedSyntheses: 0,
    deadLettered: 0,
    reconciledDeliveries: 0,
    resumedDeliveries: 0,
    deliveryUnknown: 0,
    originContextsActivated: 0,
    originContextsAbandoned: 0,
  };
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
  const report = emptyRecoveryReport();
  const any = { now: Number.MAX_SAFE_INTEGER };
  for (const record of store.inStates(["synthesizing", "ready_to_deliver", "delivery_retry"]))
    count(report, await recoverInterruptedRecord({ store, channel, record, now, guard: any }));
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

/** What {@link recoverInterruptedRecord} did with one record. */
export type InterruptedRecordOutcome =
  | "resumedSynthesis"
  | "deadLettered"
  | "reconciledDelivery"
  | "resumedDelivery"
  | "deliveryUnknown"
  | "released";

function count(report: RecoveryReport, outcome: InterruptedRecordOutcome): void {
  if (outcome === "resumedSynthesis") report.resumedSyntheses++;
  else if (outcome === "deadLettered") report.deadLettered++;
  else if (outcome === "reconciledDelivery") report.reconciledDeliveries++;
  else if (outcome === "resumedDelivery") report.resumedDeliveries++;
  else if (outcome === "deliveryUnknown") report.deliveryUnknown++;
}

/**
 * Recovers one record whose worker died (start-up recovery, or a host taking over a lease that ran out;
 * `guard` is that of `store.update`): `synthesizing` goes back to `result_received` (dead-lettered after
 * {@link SYNTHESIS_STARTS_MAX} starts); a delivery that had started is looked up in the channel
 * (delivered, delivered again, or `delivery_unknown`); anything else only loses its lease.
 */
export async function recoverInterruptedRecord(options: {
  store: ContinuationStore;
  channel: ContinuationChannel;
  record: ContinuationRecord;
  now: number;
  guard: { now: number; leaseOwner?: string };
}): Promise<InterruptedRecordOutcome> {
  const { store, channel, record, now, guard } = options;
  const clear = { leaseOwner: null, leaseExpiresAtMs: null };
  if (record.state === "synthesizing") {
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
        guard,
      );
      return "deadLettered";
    }
    store.update(record.continuationId, ["synthesizing"], { ...clear, state: "result_received" }, guard);
    return "resumedSynthesis";
  }
  if (record.deliveryStartedAtMs === undefined || record.destinationConversationId === undefined) {
    store.update(record.continuationId, [record.state], clear, guard);
    return "released";
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
      guard,
    );
    return "deliveryUnknown";
  }
  if (found) {
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
      guard,
    );
    return "reconciledDelivery";
  }
  store.update(record.continuationId, [record.state], { ...clear, deliveryStartedAtMs: null }, guard);
  return "resumedDelivery";
}
