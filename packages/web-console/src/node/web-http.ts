import { HttpKitError, jsonError, readJsonBody as readBoundedJsonBody } from "@mono-agent/http-kit";
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { WebConsoleError, type WebConsoleErrorCode } from "../web-console-error.js";

/** Largest JSON body the API reads, in bytes: a message of WEB_MESSAGE_MAX_CHARACTERS in UTF-8 fits. */
export const WEB_BODY_MAX_BYTES = 1_000_000;

/** Headers on every answer besides the kit's no-store and nosniff: no referrer. */
export const CONSOLE_HEADERS = { "referrer-policy": "no-referrer" } as const;

const STATUS_BY_CODE: Record<WebConsoleErrorCode, ContentfulStatusCode> = {
  thread_not_found: 404,
  thread_archived: 409,
  thread_busy: 409,
  no_run_in_progress: 409,
  invalid_title: 400,
  invalid_request: 400,
  web_store_failed: 500,
};

/** `{ "error": { "code", "message" } }` with the status a web code maps to; anything else is a 500 `internal_error`. */
export function failureAnswer(c: Context, error: unknown): Response {
  if (WebConsoleError.isInstance(error)) {
    const status =
      error.code === "invalid_request" && /too large/.test(error.message) ? 413 : STATUS_BY_CODE[error.code];
    return jsonError(c, status, error.code, error.message);
  }
  return jsonError(c, 500, "internal_error", error instanceof Error ? error.message : String(error));
}

/** What the console says of each way a body can be wrong (all `invalid_request`; too large is a 413). */
function bodyMessage(error: HttpKitError, maxBytes: number): string {
  switch (error.code) {
    case "body_too_large":
      return `The request body is too large; at most ${maxBytes} bytes are accepted.`;
    case "body_too_deep":
      return `The request body nests deeper than the accepted depth: ${error.message}.`;
    case "body_not_object":
      return "The request body must be a JSON object.";
    case "body_aborted":
      return "The request body ended early; send it again.";
    default:
      return "The request body is not JSON; send a JSON object.";
  }
}

/**
 * Reads a JSON object body (empty body = `{}`) through the shared kit; `invalid_request` when larger
 * than `maxBytes` (default {@link WEB_BODY_MAX_BYTES}), nested past the kit's depth cap, or not a JSON
 * object.
 */
export async function readJsonBody(
  request: Request,
  maxBytes = WEB_BODY_MAX_BYTES,
): Promise<Record<string, unknown>> {
  try {
    return (await readBoundedJsonBody(request, { maxBytes, emptyIsObject: true })) as Record<string, unknown>;
  } catch (error) {
    if (!HttpKitError.isInstance(error)) throw error;
    throw new WebConsoleError("invalid_request", bodyMessage(error, maxBytes), { cause: error });
  }
}
