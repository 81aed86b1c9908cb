import { DELIVERY_BACKOFF_INITIAL_MS, DELIVERY_BACKOFF_MAX_MS } from "./continuation-limits.js";

/** Delay before delivery attempt `attempt + 1` after `attempt` failed ones: doubling, capped. Pure. */
export function deliveryBackoffMs(failedAttempts: number): number {
  const exponent = Math.min(Math.max(failedAttempts - 1, 0), 30);
  return Math.min(DELIVERY_BACKOFF_INITIAL_MS * 2 ** exponent, DELIVERY_BACKOFF_MAX_MS);
}
