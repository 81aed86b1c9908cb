import { ContinuationError } from "../continuation-error.js";
import { type ContinuationHealth, continuationHealth } from "../continuation-health.js";
import type { ContinuationRecord } from "../continuation-record.js";
import { type ContinuationState, isTerminalState } from "../continuation-states.js";
import type { ContinuationStore, NewContinuationRow } from "./open-continuation-store.js";

import type { DeliveryResolution } from "../operator-bodies.js";

export type { DeliveryResolution } from "../operator-bodies.js";

function existing(store: ContinuationStore, continuationId: string): ContinuationRecord {
  const record = store.get(continuationId);
  if (!record)
    throw new ContinuationError(
      "unknown_continuation",
      `no continuation ${continuationId} (finished records are deleted by the retention sweep); see continuations list`,
    );
  return record;
}

function apply(
  action: "retry" | "cancel" | "resolve",
  store: ContinuationStore,
  record: ContinuationRecord,
  patch: Partial<NewContinuationRow>,
  now: number,
): ContinuationRecord {
  const updated = store.update(record.continuationId, [record.state], patch, { now });
  if (updated) return updated;
  const current = store.get(record.continuationId);
  if (!current)
    throw new ContinuationError(
      "unknown_continuation",
      `continuation ${record.continuationId} was removed while ${action} ran (the retention sweep deletes finished records); nothing changed`,
    );
  if (current.leaseOwner !== undefined && (current.leaseExpiresAtMs ?? 0) >= now)
    throw new ContinuationError(
      "record_busy",
      `continuation ${record.continuationId} is being worked on; try again when it settles`,
    );
  throw new ContinuationError(
    "invalid_transition",
    `continuation ${record.continuationId} changed to ${current.state}; look again`,
  );
}

const cleared: Partial<NewContinuationRow> = {
  lastErrorCode: null,
  lastErrorMessage: null,
  nextAttemptAtMs: null,
};

/**
 * Retries a stuck record: `delivery_retry` now; `dead_lettered` from where it stopped (synthesis again
 * when no text was kept, else delivery); `delivery_unknown` only with `allowUnknown` (the result may
 * then be delivered twice: the operator said so).
 */
export function retryContinuation(
  store: ContinuationStore,
  continuationId: string,
  options: { allowUnknown?: boolean; now?: number } = {},
): ContinuationRecord {
  const now = options.now ?? Date.now();
  const record = existing(store, continuationId);
  if (record.state === "delivery_unknown" && options.allowUnknown !== true)
    throw new ContinuationError(
      "invalid_transition",
      `continuation ${continuationId} may already have been delivered; check the conversation, then resolve it, or retry with --allow-unknown to deliver it (again)`,
    );
  let patch: Partial<NewContinuationRow>;
  if (record.state === "delivery_retry" || record.state === "delivery_unknown") {
    patch = { state: "ready_to_deliver", deliveryStartedAtMs: null, ...cleared };
  } else if (record.state === "dead_lettered" && record.result !== undefined) {
    patch =
      record.synthesizedText !== undefined
        ? { state: "ready_to_deliver", deliveryStartedAtMs: null, deliveryAttempts: 0, ...cleared }
        : { state: "result_received", synthesisAttempts: 0, ...cleared };
  } else {
    throw new ContinuationError(
      "invalid_transition",
      `continuation ${continuationId} is ${record.state}; retry applies to delivery_retry, dead_lettered (with a result) and delivery_unknown`,
    );
  }
  return apply("retry", store, record, patch, now);
}

/** Cancels a record that has not settled yet (no result, or not delivered). */
export function cancelContinuation(
  store: ContinuationStore,
  continuationId: string,
  now = Date.now(),
): ContinuationRecord {
  const record = existing(store, continuationId);
  const cancellable: ContinuationState[] = [
    "claimed",
    "result_received",
    "ready_to_deliver",
    "delivery_retry",
  ];
  if (!cancellable.includes(record.state))
    throw new ContinuationError(
      "invalid_transition",
      `continuation ${continuationId} is ${record.state}; cancel applies to ${cancellable.join(", ")}`,
    );
  return apply("cancel", store, record, { state: "cancelled" }, now);
}

/** Settles a `delivery_unknown` record with what the operator found out. */
export function resolveContinuationDelivery(
  store: ContinuationStore,
  continuationId: string,
  resolution: DeliveryResolution,
  now = Date.now(),
): ContinuationRecord {
  const record = existing(store, continuationId);
  if (record.state !== "delivery_unknown")
    throw new ContinuationError(
      "invalid_transition",
      `continuation ${continuationId} is ${record.state}; resolve applies to delivery_unknown`,
    );
  if (resolution.kind === "delivered") {
    if (!resolution.deliveryId)
      throw new ContinuationError(
        "invalid_resolution",
        "resolve delivered needs the delivery id the channel reported",
      );
    return apply(
      "resolve",
      store,
      record,
      {
        state: "delivered",
        deliveryStartedAtMs: null,
        receiptJson: JSON.stringify({
          deliveredAt: new Date(now).toISOString(),
          deliveryId: resolution.deliveryId,
          historyRecorded: false,
          resolvedBy: "operator",
        }),
      },
      now,
    );
  }
  if (resolution.kind === "not_delivered")
    return apply(
      "resolve",
      store,
      record,
      { state: "ready_to_deliver", deliveryStartedAtMs: null, ...cleared },
      now,
    );
  if (resolution.kind === "dead_lettered")
    return apply("resolve", store, record, { state: "dead_lettered" }, now);
  throw new ContinuationError(
    "invalid_resolution",
    "resolve takes delivered <deliveryId>, not-delivered or dead-lettered",
  );
}

/** The store's health (reference §7.3). */
export function readContinuationHealth(store: ContinuationStore): ContinuationHealth {
  const { byState, historyFailures } = store.counts();
  return continuationHealth(byState, historyFailures);
}

/** The text a `capture` record kept, if it is delivered. */
export function capturedContinuationText(
  store: ContinuationStore,
  continuationId: string,
): string | undefined {
  const record = existing(store, continuationId);
  return record.mode === "capture" && isTerminalState(record.state) ? record.synthesizedText : undefined;
}
