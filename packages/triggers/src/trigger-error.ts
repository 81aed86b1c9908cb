/**
 * Codes of {@link TriggerError}:
 * - `invalid_schedule`: a cron expression croner does not accept, or one that never fires.
 * - `invalid_time_zone`: a time zone `Intl` does not know.
 * - `store_locked`: another live process runs the schedules of this folder.
 * - `store_failed`: the trigger state file cannot be opened, read or written.
 * - `trigger_destination_unavailable`: a trigger delivers where this host cannot (a new web thread outside serve).
 */
export type TriggerErrorCode =
  | "invalid_schedule"
  | "invalid_time_zone"
  | "store_locked"
  | "store_failed"
  | "trigger_destination_unavailable";

const BRAND = Symbol.for("@mono-agent/triggers/TriggerError");

/** The one error class of @mono-agent/triggers; `message` names the fix. */
export class TriggerError extends Error {
  readonly code: TriggerErrorCode;
  readonly [BRAND] = true;

  constructor(code: TriggerErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "TriggerError";
    this.code = code;
  }

  /** True for a TriggerError of any copy of this package. */
  static isInstance(value: unknown): value is TriggerError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}
