import { decodeBase64url, encodeBase64url } from "./base64url.js";
import { crc32 } from "./crc32.js";
import { EvidenceError, invalidCursorError } from "./evidence-error.js";
import { isJsonObject, type JsonObject } from "./json-value.js";
import { CURSOR_MAX_BYTES } from "./limits.js";

/** Accepted cursor alphabet: reference §3.4. */
export const CURSOR_PATTERN = /^[A-Za-z0-9_-]+$/;

const CHECKSUM_BYTES = 4;

/**
 * Encodes a JSON object as a structural cursor: unpadded base64url of its JSON followed by a
 * CRC-32, at most {@link CURSOR_MAX_BYTES} bytes, alphabet `[A-Za-z0-9_-]`. The checksum makes
 * any corrupted, truncated or hand-edited cursor fail; it is not a signature, so decoded state
 * must still be checked against the current state (or use the authenticated codec).
 *
 * @throws EvidenceError `invalid_cursor_payload` when `payload` is not a plain JSON object or
 * the cursor would exceed the byte bound.
 */
export function encodeStructuralCursor(payload: JsonObject): string {
  const json = encodeJsonObject(payload);
  const bytes = new Uint8Array(json.length + CHECKSUM_BYTES);
  bytes.set(json);
  new DataView(bytes.buffer).setUint32(json.length, crc32(json));
  return checkedCursorSize(encodeBase64url(bytes));
}

/**
 * Decodes a cursor made by {@link encodeStructuralCursor}. `accept`, when given, checks the
 * decoded object's shape; a false answer is a cursor failure too.
 *
 * @throws EvidenceError `invalid_cursor` (one opaque message) for every failure.
 */
export function decodeStructuralCursor<T extends JsonObject = JsonObject>(
  cursor: unknown,
  accept?: (payload: JsonObject) => payload is T,
): T {
  const bytes = cursorBytes(cursor);
  if (!bytes || bytes.length <= CHECKSUM_BYTES) throw invalidCursorError();
  const json = bytes.subarray(0, bytes.length - CHECKSUM_BYTES);
  const checksum = new DataView(bytes.buffer, bytes.byteOffset).getUint32(json.length);
  if (checksum !== crc32(json)) throw invalidCursorError();
  return parseJsonObject(json, accept);
}

/** @internal Strictly decoded bytes of a well-formed cursor string, or undefined. */
export function cursorBytes(cursor: unknown): Uint8Array | undefined {
  if (typeof cursor !== "string" || cursor.length > CURSOR_MAX_BYTES || !CURSOR_PATTERN.test(cursor)) {
    return undefined;
  }
  return decodeBase64url(cursor);
}

/** @internal UTF-8 JSON bytes of a plain JSON object. */
export function encodeJsonObject(payload: JsonObject): Uint8Array {
  if (!isJsonObject(payload)) {
    throw new EvidenceError(
      "invalid_cursor_payload",
      "A cursor payload must be a plain JSON object (finite numbers, no cycles, no class instances).",
    );
  }
  return new TextEncoder().encode(JSON.stringify(payload));
}

/** @internal Throws when an encoded cursor passes the byte bound. */
export function checkedCursorSize(cursor: string): string {
  if (cursor.length > CURSOR_MAX_BYTES) {
    throw new EvidenceError(
      "invalid_cursor_payload",
      `The cursor payload encodes to ${cursor.length} bytes; at most ${CURSOR_MAX_BYTES} are accepted.`,
    );
  }
  return cursor;
}

/** @internal Parses JSON bytes into an accepted object or throws the opaque cursor error. */
export function parseJsonObject<T extends JsonObject>(
  json: Uint8Array,
  accept?: (payload: JsonObject) => payload is T,
): T {
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(json));
  } catch {
    throw invalidCursorError();
  }
  if (!isJsonObject(value) || (accept && !accept(value))) throw invalidCursorError();
  return value as T;
}
