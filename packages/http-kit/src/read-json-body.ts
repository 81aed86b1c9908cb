import { HttpKitError } from "./http-kit-error.js";
import { JSON_BODY_MAX_DEPTH, jsonNestingDepth } from "./json-nesting-depth.js";

/** Limits of one body read. */
export interface BodyLimits {
  /** Largest body in bytes: a larger declared `content-length` is refused before reading, a longer stream as soon as it passes. */
  maxBytes: number;
}

/** How a JSON body must look. */
export interface JsonBodyRules extends BodyLimits {
  /** Deepest nesting of arrays and objects; default {@link JSON_BODY_MAX_DEPTH}. */
  maxDepth?: number;
  /** An empty (or all-whitespace) body reads as `{}` instead of `invalid_json`. */
  emptyIsObject?: boolean;
  /** Anything but one JSON object is `body_not_object`; default true. */
  requireObject?: boolean;
}

/**
 * Reads a request body as bytes, at most `maxBytes`. Throws `body_too_large` when the declared length
 * passes the limit (nothing is read) or as soon as the received bytes do (the rest is not read),
 * `body_aborted` when the client goes away first. For a route that must check the exact bytes (an HMAC
 * signature) or refuse text that is not UTF-8.
 */
export async function readBodyBytes(request: Request, limits: BodyLimits): Promise<Uint8Array> {
  const tooLarge = () =>
    new HttpKitError(
      "body_too_large",
      `the body is over ${limits.maxBytes} bytes; send at most ${limits.maxBytes}`,
    );
  const declared = Number(request.headers.get("content-length") ?? Number.NaN);
  if (Number.isFinite(declared) && declared > limits.maxBytes) throw tooLarge();
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limits.maxBytes) {
        void reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  } catch (error) {
    if (HttpKitError.isInstance(error)) throw error;
    throw new HttpKitError("body_aborted", "the client closed the request before its body ended", {
      cause: error,
    });
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads a request body as UTF-8 text of at most `maxBytes` ({@link readBodyBytes}; bytes that are not
 * UTF-8 become U+FFFD).
 */
export async function readBodyText(request: Request, limits: BodyLimits): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(request, limits));
}

/**
 * Parses JSON text under `rules`: `body_too_deep` past the depth cap (checked before parsing, in one
 * pass), `invalid_json` for text that is not JSON, `body_not_object` for JSON that is not one object
 * (unless `requireObject` is false).
 */
export function parseJsonText(text: string, rules: Omit<JsonBodyRules, "maxBytes"> = {}): unknown {
  if (rules.emptyIsObject === true && text.trim() === "") return {};
  const maxDepth = rules.maxDepth ?? JSON_BODY_MAX_DEPTH;
  if (jsonNestingDepth(text, maxDepth) > maxDepth)
    throw new HttpKitError(
      "body_too_deep",
      `the body nests arrays and objects deeper than ${maxDepth} levels; send at most ${maxDepth}`,
    );
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new HttpKitError("invalid_json", "the body is not JSON; send one JSON object", { cause: error });
  }
  if ((rules.requireObject ?? true) && (typeof value !== "object" || value === null || Array.isArray(value)))
    throw new HttpKitError("body_not_object", "the body must be one JSON object");
  return value;
}

/** {@link readBodyText} then {@link parseJsonText}: the one way our servers read a JSON body. */
export async function readJsonBody(request: Request, rules: JsonBodyRules): Promise<unknown> {
  return parseJsonText(await readBodyText(request, rules), rules);
}
