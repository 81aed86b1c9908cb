import { createHash } from "node:crypto";

/** SHA-256 hex of the normalized text: the content-hash id of a remembered fact (reference §6.2). */
export function contentHash(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** SHA-256 hex of bytes. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}
