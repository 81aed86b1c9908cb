import type { ContinuationState } from "./continuation-states.js";

/** Overall health of a continuation store (reference §7.3). */
export type ContinuationHealthStatus = "healthy" | "degraded" | "unhealthy";

/** A store's health: counts by state and the reasons for the status. */
export interface ContinuationHealth {
  status: ContinuationHealthStatus;
  counts: Record<ContinuationState, number>;
  /** Records whose delivered message could not be added to the conversation history. */
  historyFailures: number;
  reasons: string[];
}

/**
 * `unhealthy` when records are dead-lettered or in `delivery_unknown` (an operator must act),
 * `degraded` when records expired, wait for a delivery retry, or missed the history; else `healthy`.
 */
export function continuationHealth(
  counts: Record<ContinuationState, number>,
  historyFailures = 0,
): ContinuationHealth {
  const reasons: string[] = [];
  if (counts.dead_lettered > 0) reasons.push(`${counts.dead_lettered} dead-lettered`);
  if (counts.delivery_unknown > 0) reasons.push(`${counts.delivery_unknown} with unknown delivery`);
  const unhealthy = reasons.length > 0;
  if (counts.expired > 0) reasons.push(`${counts.expired} expired`);
  if (counts.delivery_retry > 0) reasons.push(`${counts.delivery_retry} waiting for a delivery retry`);
  if (historyFailures > 0) reasons.push(`${historyFailures} delivered without a history record`);
  const status = unhealthy ? "unhealthy" : reasons.length > 0 ? "degraded" : "healthy";
  return { status, counts, historyFailures, reasons };
}
