import { createHash, createHmac, randomBytes } from "node:crypto";
import {
  type AuthenticatedCursorCodec,
  CURSOR_KEY_MIN_BYTES,
  createAuthenticatedCursorCodec,
  type HmacSha256,
} from "./authenticated-cursor.js";

/** HMAC-SHA-256 through `node:crypto`, for {@link createAuthenticatedCursorCodec}. */
export const nodeHmacSha256: HmacSha256 = (key, message) =>
  new Uint8Array(createHmac("sha256", key).update(message).digest());

/**
 * Authenticated cursor codec using `node:crypto`, keyed by `key` or, by default, by 32 fresh
 * random bytes: a per-process key, so cursors die with the process.
 */
export function createNodeAuthenticatedCursorCodec(
  options: { key?: Uint8Array } = {},
): AuthenticatedCursorCodec {
  return createAuthenticatedCursorCodec({
    key: options.key ?? new Uint8Array(randomBytes(CURSOR_KEY_MIN_BYTES)),
    hmac: nodeHmacSha256,
  });
}

/** Length of {@link shortDigest}: reference §3.4 (SHA-256 base64url, first 24 characters). */
export const SHORT_DIGEST_LENGTH = 24;

/** SHA-256 of `text` (UTF-8) as base64url, first 24 characters: the digest cursors bind to. */
export function shortDigest(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("base64url").slice(0, SHORT_DIGEST_LENGTH);
}
