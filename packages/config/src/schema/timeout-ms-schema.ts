import * as z from "zod";

/**
 * Largest timeout, in ms, that a config key accepts: 2147483647 (about 24.8 days). Node timers hold a
 * signed 32-bit millisecond count; a longer delay fires after 1 ms (TimeoutOverflowWarning), so a
 * "practically never" timeout such as 3000000000 would time every call out at once.
 */
export const MAX_TIMEOUT_MS = 2_147_483_647;

/** A timeout in ms: a whole number from 1 to {@link MAX_TIMEOUT_MS}. */
export const timeoutMsSchema = z.number().int().min(1).max(MAX_TIMEOUT_MS);
