const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const LOOKUP = new Int16Array(128).fill(-1);
for (let index = 0; index < ALPHABET.length; index++) LOOKUP[ALPHABET.charCodeAt(index)] = index;

/** Unpadded base64url of `bytes`. */
export function encodeBase64url(bytes: Uint8Array): string {
  let out = "";
  let index = 0;
  for (; index + 2 < bytes.length; index += 3) {
    const chunk = (bytes[index]! << 16) | (bytes[index + 1]! << 8) | bytes[index + 2]!;
    out +=
      ALPHABET[chunk >> 18]! +
      ALPHABET[(chunk >> 12) & 63]! +
      ALPHABET[(chunk >> 6) & 63]! +
      ALPHABET[chunk & 63]!;
  }
  const rest = bytes.length - index;
  if (rest === 1) {
    const chunk = bytes[index]! << 16;
    out += ALPHABET[chunk >> 18]! + ALPHABET[(chunk >> 12) & 63]!;
  } else if (rest === 2) {
    const chunk = (bytes[index]! << 16) | (bytes[index + 1]! << 8);
    out += ALPHABET[chunk >> 18]! + ALPHABET[(chunk >> 12) & 63]! + ALPHABET[(chunk >> 6) & 63]!;
  }
  return out;
}

/**
 * Strict decoding of unpadded base64url: only `[A-Za-z0-9_-]`, no impossible length, and the
 * unused low bits of the last character must be zero, so every byte string has exactly one
 * accepted encoding. Returns undefined for anything else.
 */
export function decodeBase64url(text: string): Uint8Array | undefined {
  if (text.length % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let written = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    const value = code < 128 ? LOOKUP[code]! : -1;
    if (value < 0) return undefined;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[written++] = (buffer >> bits) & 0xff;
    }
  }
  if ((buffer & ((1 << bits) - 1)) !== 0) return undefined;
  return out;
}
