/**
 * Codes carried by {@link StorageError}.
 *
 * - `invalid_options`: an option is outside what the function accepts; the message names the accepted form.
 * - `open_failed`: the database could not be opened or reached (`cause` has why).
 * - `migrate_failed`: a store's migrations could not be applied (`cause` has why).
 * - `lock_failed`: an advisory lock could not be taken or was lost with its connection.
 */
export type StorageErrorCode = "invalid_options" | "open_failed" | "migrate_failed" | "lock_failed";

const BRAND = Symbol.for("@mono-agent/storage/StorageError");

/** The one error class of `@mono-agent/storage`. Check with {@link StorageError.isInstance}. */
export class StorageError extends Error {
  readonly code: StorageErrorCode;
  readonly [BRAND] = true;

  constructor(code: StorageErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "StorageError";
    this.code = code;
  }

  /** True for a StorageError from any copy of this package (safer than `instanceof`). */
  static isInstance(value: unknown): value is StorageError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}
