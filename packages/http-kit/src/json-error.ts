import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";

/** The error body every JSON server of ours answers: `{ "error": { "code", "message" } }`. */
export interface JsonErrorBody {
  error: { code: string; message: string };
}

/** Answers `{ error: { code, message } }` with `status` (and any extra headers). */
export function jsonError(
  c: Context,
  status: ContentfulStatusCode,
  code: string,
  message: string,
  headers?: Record<string, string>,
): Response {
  return c.json({ error: { code, message } } satisfies JsonErrorBody, status, headers);
}
