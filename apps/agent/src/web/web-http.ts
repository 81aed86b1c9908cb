import type { IncomingMessage, ServerResponse } from "node:http";
import { MonoAgentRuntimeError } from "../runtime/runtime-error.js";
import { isWebConsoleError, type WebConsoleErrorCode } from "./is-web-console-error.js";

/** Largest JSON body the API reads, in bytes: a message of WEB_MESSAGE_MAX_CHARACTERS in UTF-8 fits. */
export const WEB_BODY_MAX_BYTES = 1_000_000;

/** Headers on every answer: no caching, no sniffing, no referrer. */
export const COMMON_HEADERS = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
} as const;

const STATUS_BY_CODE: Record<WebConsoleErrorCode, number> = {
  thread_not_found: 404,
  thread_archived: 409,
  thread_busy: 409,
  no_run_in_progress: 409,
  invalid_title: 400,
  invalid_request: 400,
  web_store_failed: 500,
};

export function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response
    .writeHead(status, { ...COMMON_HEADERS, "content-type": "application/json; charset=utf-8" })
    .end(JSON.stringify(body));
}

/** `{ "error": { "code", "message" } }` with the status the code maps to. */
export function sendError(response: ServerResponse, status: number, code: string, message: string): void {
  sendJson(response, status, { error: { code, message } });
}

export function sendFailure(response: ServerResponse, error: unknown): void {
  if (isWebConsoleError(error)) {
    const status =
      error.code === "invalid_request" && /too large/.test(error.message) ? 413 : STATUS_BY_CODE[error.code];
    sendError(response, status, error.code, error.message);
    return;
  }
  sendError(response, 500, "internal_error", error instanceof Error ? error.message : String(error));
}

/**
 * Reads a JSON object body (empty body = `{}`); `invalid_request` when larger than `maxBytes` (default
 * {@link WEB_BODY_MAX_BYTES}) or not a JSON object.
 */
export async function readJsonBody(
  request: IncomingMessage,
  maxBytes = WEB_BODY_MAX_BYTES,
): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBytes)
      throw new MonoAgentRuntimeError(
        "invalid_request",
        `The request body is too large; at most ${maxBytes} bytes are accepted.`,
      );
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8").trim();
  if (text === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new MonoAgentRuntimeError("invalid_request", "The request body is not JSON; send a JSON object.");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new MonoAgentRuntimeError("invalid_request", "The request body must be a JSON object.");
  return parsed as Record<string, unknown>;
}
