import { createHash } from "node:crypto";

/**
 * The 64-bit advisory-lock key of `namespace` + `key` (the first 8 bytes of their SHA-256, signed, as
 * Postgres' bigint). Every host computes the same key for the same conversation; a collision of two
 * keys only makes two unrelated runs wait for each other.
 */
export function advisoryLockKey(namespace: string, key: string): string {
  const digest = createHash("sha256").update(namespace).update("\u0000").update(key).digest();
  return digest.readBigInt64BE(0).toString();
}
