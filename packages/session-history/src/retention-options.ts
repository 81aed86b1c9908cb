import {
  RETENTION_MAX_AGE_MS,
  RETENTION_MAX_BYTES,
  RETENTION_MAX_COMPLETED_CALLS,
  RETENTION_MAX_TOMBSTONES,
  RETENTION_TOMBSTONE_MAX_AGE_MS,
} from "./limits.js";
import { SessionHistoryError } from "./session-history-error.js";

/** Sidecar retention (reference §5.1 names; SPEC §5 defaults). */
export interface RetentionOptions {
  /** Completed calls kept; older ones become tombstones. Default 100,000. */
  readonly maxCompletedCalls?: number;
  /** Age of a completed call (by its end) before removal, in ms. Default 30 days. */
  readonly maxAgeMs?: number;
  /** Stored payload bytes kept; the oldest completed calls go first. Default 512 MiB. */
  readonly maxBytes?: number;
  /** Tombstones kept. Default 10,000. */
  readonly maxTombstones?: number;
  /** Age of a tombstone before it is dropped, in ms. Default 30 days. */
  readonly tombstoneMaxAgeMs?: number;
}

/** Retention with every default filled in. */
export type ResolvedRetention = Required<RetentionOptions>;

/** Fills in SPEC §5 defaults; throws `invalid_argument` for a value that is not a positive safe integer. */
export function resolveRetention(options: RetentionOptions = {}): ResolvedRetention {
  const resolved: ResolvedRetention = {
    maxCompletedCalls: options.maxCompletedCalls ?? RETENTION_MAX_COMPLETED_CALLS,
    maxAgeMs: options.maxAgeMs ?? RETENTION_MAX_AGE_MS,
    maxBytes: options.maxBytes ?? RETENTION_MAX_BYTES,
    maxTombstones: options.maxTombstones ?? RETENTION_MAX_TOMBSTONES,
    tombstoneMaxAgeMs: options.tombstoneMaxAgeMs ?? RETENTION_TOMBSTONE_MAX_AGE_MS,
  };
  for (const [name, value] of Object.entries(resolved)) {
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new SessionHistoryError(
        "invalid_argument",
        `retention.${name} must be a positive integer; received ${value}.`,
      );
    }
  }
  return resolved;
}
