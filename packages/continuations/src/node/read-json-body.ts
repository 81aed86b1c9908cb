import type { IncomingMessage } from "node:http";
import { ContinuationError } from "../continuation-error.js";

/**
 * Reads a JSON object body of at most `maxBytes`: `body_too_large` as soon as the declared or
 * received length passes the limit (the rest is not read), `invalid_json` for anything but an object
 * (an empty body reads as `{}` with `emptyIsObject`).
 */
export async function readJsonBody(
  request: IncomingMessage,
  maxBytes: number,
  options: { emptyIsObject?: boolean } = {},
): Promise<unknown> {
  const declared = Number(request.headers["content-length"] ?? "0");
  const tooLarge = () =>
    new ContinuationError("body_too_large", `the body is over ${maxBytes} bytes; send at most ${maxBytes}`);
  if (declared > maxBytes) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw tooLarge();
    chunks.push(chunk as Buffer);
  }
  if (options.emptyIsObject === true && size === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw new ContinuationError("invalid_json", "the body is not JSON; send one JSON object");
  }
  if (typeof value !== "object" || value === null || Array.isArray(value))
    throw new ContinuationError("invalid_json", "the body must be one JSON object");
  return value;
}
