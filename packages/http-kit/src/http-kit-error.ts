/**
 * Codes carried by {@link HttpKitError}: what was wrong with a request body. Each server maps them to
 * its own error codes and statuses (the continuation protocol, the web console and the progress route
 * each keep the codes their contract names).
 *
 * - `body_too_large`: the declared or received length passed the route's byte limit (413 by convention).
 * - `body_aborted`: the client went away before the body ended (nothing to answer).
 * - `invalid_json`: the body is not JSON text (400).
 * - `body_too_deep`: arrays and objects nest deeper than the route's depth cap (400).
 * - `body_not_object`: the body is JSON, but not the one object the route takes (400).
 */
export type HttpKitErrorCode =
  | "body_too_large"
  | "body_aborted"
  | "invalid_json"
  | "body_too_deep"
  | "body_not_object";

const BRAND = Symbol.for("@mono-agent/http-kit/HttpKitError");

/** The one error class of `@mono-agent/http-kit`. Check with {@link HttpKitError.isInstance}. */
export class HttpKitError extends Error {
  readonly code: HttpKitErrorCode;
  readonly [BRAND] = true;

  constructor(code: HttpKitErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "HttpKitError";
    this.code = code;
  }

  /** True for an HttpKitError from any copy of this package (safer than `instanceof`). */
  static isInstance(value: unknown): value is HttpKitError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}
