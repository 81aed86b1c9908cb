/** FNV-1a 32-bit offset basis (from the FNV specification). */
const FNV_OFFSET_BASIS = 0x811c9dc5;
/** FNV-1a 32-bit prime (from the FNV specification). */
const FNV_PRIME = 0x01000193;

const utf8Encoder = new TextEncoder();

/**
 * FNV-1a 32-bit hash of the UTF-8 bytes of `text`, as 8 lowercase hex characters.
 * Pure JS so the package loads in any runtime; stable across runs and platforms.
 */
export function stableHash(text: string): string {
  let hash = FNV_OFFSET_BASIS;
  for (const byte of utf8Encoder.encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, FNV_PRIME) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}
