/**
 * The closed MemoryJournal error codes (reference §6.5).
 *
 * - `invalid_date`: not a real `YYYY-MM-DD` date, or a day the zone skipped, or a boundary
 *   (fromDate 00:00, day-after-throughDate 00:00) that does not exist in the zone.
 * - `invalid_range`: throughDate is before fromDate.
 * - `range_too_wide`: more than 31 inclusive calendar days.
 * - `invalid_time_zone`: not a named IANA zone this runtime knows.
 * - `invalid_cursor`: tampered, foreign, stale or mismatched cursor (one opaque message).
 * - `invalid_request`: the arguments are not one of the two accepted shapes.
 * - `journal_unavailable`: the store failed; the message names no path and no backend text.
 */
export type JournalErrorCode =
  | "invalid_date"
  | "invalid_range"
  | "range_too_wide"
  | "invalid_time_zone"
  | "invalid_cursor"
  | "invalid_request"
  | "journal_unavailable";

/** A MemoryJournal refusal, returned (not thrown) to the model. */
export interface JournalFailure {
  code: JournalErrorCode;
  message: string;
}

/** The generic store-failure message: no path, no backend text (seed page). */
export const JOURNAL_UNAVAILABLE_MESSAGE =
  "The memory journal is unavailable right now. Try again later, or use MemoryRecall for a targeted fact.";
