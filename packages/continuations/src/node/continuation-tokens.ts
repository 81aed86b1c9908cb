import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { canonicalJson } from "../canonical-json.js";
import type { ContinuationMode } from "../continuation-states.js";

/** Random bytes of a claim token (reference §7.2: 24). */
export const CLAIM_TOKEN_BYTES = 24;

/** A fresh claim bearer: 24 random bytes, base64url. */
export function randomClaimToken(): string {
  return randomBytes(CLAIM_TOKEN_BYTES).toString("base64url");
}

/** SHA-256 of `text`, base64url: what the store keeps instead of a token. */
export function tokenDigest(text: string): string {
  return createHash("sha256").update(text).digest("base64url");
}

/** Constant-time comparison of two digests or tokens. */
export function sameSecret(left: string, right: string): boolean {
  const a = Buffer.from(left);
  const b = Buffer.from(right);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The result token of a continuation (reference §7.2): HMAC-SHA256(secret, "continuation-result\0<id>\0<taskHash>"). */
export function resultToken(secret: Buffer, continuationId: string, taskHash: string): string {
  return createHmac("sha256", secret)
    .update(`continuation-result\0${continuationId}\0${taskHash}`)
    .digest("base64url");
}

/** What a claim capability is bound to. */
export interface ClaimBinding {
  serverName: string;
  runId: string;
  originConversationId: string;
  replyTo?: string;
  historyBoundary: string;
  mode: ContinuationMode;
}

/** The claim fingerprint (reference §7.2): digest of `v1\0server\0runId\0conversation\0replyTo\0boundary\0mode`. */
export function claimFingerprint(binding: ClaimBinding): string {
  return tokenDigest(
    [
      "v1",
      binding.serverName,
      binding.runId,
      binding.originConversationId,
      binding.replyTo ?? "",
      binding.historyBoundary,
      binding.mode,
    ].join("\0"),
  );
}

/** What a detached claim is bound to: the service, the named route, its mode and conversation. */
export interface DetachedBinding {
  serviceName: string;
  routeName: string;
  mode: ContinuationMode;
  conversationId?: string;
}

/** The detached claim fingerprint (reference §7.2): digest of `v1-detached\0service\0route\0mode\0conversationId`. */
export function detachedFingerprint(binding: DetachedBinding): string {
  return tokenDigest(
    ["v1-detached", binding.serviceName, binding.routeName, binding.mode, binding.conversationId ?? ""].join(
      "\0",
    ),
  );
}

/**
 * The operator API bearer: HMAC-SHA256(secret, "continuation-operator\0v1"), base64url. Derived from the
 * owner-only secret of the state directory, so whoever can read that directory can operate it.
 */
export function operatorToken(secret: Buffer): string {
  return createHmac("sha256", secret).update("continuation-operator\0v1").digest("base64url");
}

/** SHA-256 hex of the canonical JSON of a result payload. */
export function payloadHash(payload: unknown): string {
  return createHash("sha256").update(canonicalJson(payload)).digest("hex");
}
