/**
 * Codes carried by {@link EvidenceError}.
 *
 * - `invalid_cursor`: a cursor could not be decoded, failed its integrity or authentication check,
 *   or did not match the state it was decoded against. Always carries the same opaque message, so a
 *   caller cannot learn which check failed.
 * - `invalid_cursor_payload`: a value handed to a cursor encoder is not a plain JSON object, or
 *   encodes to more than {@link CURSOR_MAX_BYTES} bytes.
 * - `invalid_argument`: an option or argument is outside what the function accepts; the message
 *   names the argument and the accepted range.
 */
export type EvidenceErrorCode = "invalid_cursor" | "invalid_cursor_payload" | "invalid_argument";

const BRAND = Symbol.for("@mono-agent/evidence/EvidenceError");

/** The one error class of `@mono-agent/evidence`. Check with {@link EvidenceError.isInstance}. */
export class EvidenceError extends Error {
  readonly code: EvidenceErrorCode;
  readonly [BRAND] = true;

  constructor(code: EvidenceErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "EvidenceError";
    this.code = code;
  }

  /** True for an EvidenceError from any copy of this package (safer than `instanceof`). */
  static isInstance(value: unknown): value is EvidenceError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}

/** The single message every cursor failure carries. */
export const INVALID_CURSOR_MESSAGE = "The cursor is unavailable or expired; start again without a cursor.";

/** Builds the opaque `invalid_cursor` error; it deliberately carries no cause. */
export function invalidCursorError(): EvidenceError {
  return new EvidenceError("invalid_cursor", INVALID_CURSOR_MESSAGE);
}
