/**
 * Codes carried by {@link MemoryError}.
 *
 * - `invalid_text`: Remember text is empty once normalized, or carries the `<!--mem` marker.
 * - `text_too_long`: Remember text is over 500 characters once normalized.
 * - `secret_detected`: the text carries a configured credential value, a token shape, a credential
 *   assignment or terminal/bidi controls; nothing was written.
 * - `forgotten`: the fact was explicitly forgotten through `mono-agent memory forget`.
 * - `legacy_layout_date`: today's date is still kept only in the root-level legacy layout.
 * - `index_write_failed`: the canonical bullet is durable but its index row could not be written
 *   (`canonicalWritten: true`); retrying the identical text completes it.
 * - `store_unavailable`: the store could not be read or written (nothing durable was written when
 *   `canonicalWritten` is false).
 * - `writer_busy`: another process held `.journal-write.lock` for longer than the wait.
 * - `read_only`: the store was opened read-only.
 * - `maintenance_in_progress`: a forget apply or restore holds the store.
 * - `agent_running`: a forget apply/restore was refused because an agent has the store open.
 * - `invalid_date`: a date is not a real `YYYY-MM-DD` calendar date.
 * - `invalid_plan`, `invalid_ids`, `invalid_reason`, `plan_stale`: forget prepare/apply input.
 * - `backup_failed`, `restore_failed`, `apply_recovery_failed`: forget apply/restore outcomes.
 * - `cancelled`: the caller aborted before anything was written.
 */
export type MemoryErrorCode =
  | "invalid_text"
  | "text_too_long"
  | "secret_detected"
  | "forgotten"
  | "legacy_layout_date"
  | "index_write_failed"
  | "store_unavailable"
  | "writer_busy"
  | "read_only"
  | "maintenance_in_progress"
  | "agent_running"
  | "invalid_date"
  | "invalid_plan"
  | "invalid_ids"
  | "invalid_reason"
  | "plan_stale"
  | "backup_failed"
  | "restore_failed"
  | "apply_recovery_failed"
  | "cancelled";

const BRAND = Symbol.for("@mono-agent/memory/MemoryError");

/** The one error class of `@mono-agent/memory`. Check with {@link MemoryError.isInstance}. */
export class MemoryError extends Error {
  readonly code: MemoryErrorCode;
  /** True when a canonical bullet was durably written before the failure. */
  readonly canonicalWritten: boolean;
  readonly [BRAND] = true;

  constructor(
    code: MemoryErrorCode,
    message: string,
    options: { cause?: unknown; canonicalWritten?: boolean } = {},
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "MemoryError";
    this.code = code;
    this.canonicalWritten = options.canonicalWritten ?? false;
  }

  /** True for a MemoryError from any copy of this package (safer than `instanceof`). */
  static isInstance(value: unknown): value is MemoryError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}
