import { encodeBase64url } from "./base64url.js";
import { EvidenceError, invalidCursorError } from "./evidence-error.js";
import type { JsonObject } from "./json-value.js";
import { checkedCursorSize, cursorBytes, encodeJsonObject, parseJsonObject } from "./structural-cursor.js";

/** HMAC-SHA-256 of `message` under `key`, 32 bytes. Node: `@mono-agent/evidence/node`. */
export type HmacSha256 = (key: Uint8Array, message: Uint8Array) => Uint8Array;

/** Shortest accepted key: the HMAC-SHA-256 output size (RFC 2104 recommends at least L bytes). */
export const CURSOR_KEY_MIN_BYTES = 32;

const TAG_BYTES = 32;
const DOMAIN = new TextEncoder().encode("mono-agent-evidence-cursor-v1\0");

/** Options of {@link createAuthenticatedCursorCodec}. */
export interface AuthenticatedCursorCodecOptions {
  /** Per-process secret key, at least {@link CURSOR_KEY_MIN_BYTES} random bytes; never persisted. */
  readonly key: Uint8Array;
  /** HMAC-SHA-256 implementation (the root entry ships none so it loads in any JS runtime). */
  readonly hmac: HmacSha256;
}

/** Encoder/decoder pair bound to one key. */
export interface AuthenticatedCursorCodec {
  /**
   * Encodes `payload`, authenticated together with `binding` — the request-private state the
   * cursor is only valid for (run id, range, zone, snapshot id, page size … serialized by the
   * caller). The binding is not stored in the cursor.
   *
   * @throws EvidenceError `invalid_cursor_payload` for a non-JSON payload or an oversized cursor.
   */
  encode(payload: JsonObject, binding?: string): string;
  /**
   * Verifies and decodes a cursor against the same `binding`.
   *
   * @throws EvidenceError `invalid_cursor` (one opaque message) for every failure: bad shape,
   * wrong key, other binding, tampering, or `accept` returning false.
   */
  decode<T extends JsonObject = JsonObject>(
    cursor: unknown,
    binding?: string,
    accept?: (payload: JsonObject) => payload is T,
  ): T;
}

/**
 * Creates the authenticated cursor codec: unpadded base64url of `JSON || HMAC-SHA-256(key,
 * domain || binding || JSON)`, alphabet `[A-Za-z0-9_-]`, at most 2,048 bytes.
 *
 * @throws EvidenceError `invalid_argument` when the key is shorter than 32 bytes or `hmac` is missing.
 */
export function createAuthenticatedCursorCodec(
  options: AuthenticatedCursorCodecOptions,
): AuthenticatedCursorCodec {
  const { key, hmac } = options;
  if (!(key instanceof Uint8Array) || key.length < CURSOR_KEY_MIN_BYTES) {
    throw new EvidenceError(
      "invalid_argument",
      `key must be a Uint8Array of at least ${CURSOR_KEY_MIN_BYTES} random bytes.`,
    );
  }
  if (typeof hmac !== "function") {
    throw new EvidenceError(
      "invalid_argument",
      "hmac must be an HMAC-SHA-256 function (key, message) => bytes.",
    );
  }
  const secret = Uint8Array.from(key);
  const tagOf = (json: Uint8Array, binding: string): Uint8Array => {
    const bindingBytes = new TextEncoder().encode(binding);
    const message = new Uint8Array(DOMAIN.length + 4 + bindingBytes.length + json.length);
    message.set(DOMAIN);
    new DataView(message.buffer).setUint32(DOMAIN.length, bindingBytes.length);
    message.set(bindingBytes, DOMAIN.length + 4);
    message.set(json, DOMAIN.length + 4 + bindingBytes.length);
    return hmac(secret, message);
  };
  return {
    encode(payload, binding = "") {
      const json = encodeJsonObject(payload);
      const tag = tagOf(json, binding);
      if (tag.length !== TAG_BYTES) {
        throw new EvidenceError(
          "invalid_argument",
          `hmac returned ${tag.length} bytes; HMAC-SHA-256 gives 32.`,
        );
      }
      const bytes = new Uint8Array(json.length + TAG_BYTES);
      bytes.set(json);
      bytes.set(tag, json.length);
      return checkedCursorSize(encodeBase64url(bytes));
    },
    decode(cursor, binding = "", accept) {
      const bytes = cursorBytes(cursor);
      if (!bytes || bytes.length <= TAG_BYTES || typeof binding !== "string") throw invalidCursorError();
      const json = bytes.subarray(0, bytes.length - TAG_BYTES);
      if (!constantTimeEqual(tagOf(json, binding), bytes.subarray(json.length))) throw invalidCursorError();
      return parseJsonObject(json, accept);
    },
  };
}

function constantTimeEqual(left: Uint8Array, right: Uint8Array): boolean {
  if (left.length !== right.length) return false;
  let difference = 0;
  for (let index = 0; index < left.length; index++) difference |= left[index]! ^ right[index]!;
  return difference === 0;
}
