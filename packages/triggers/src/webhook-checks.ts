const encoder = new TextEncoder();

async function sha256(text: string): Promise<Uint8Array> {
  return new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", encoder.encode(text)));
}

/**
 * True when `given` equals `expected`, compared in constant time over SHA-256 digests of both (so neither
 * the length nor a common prefix of the secret shows in the time taken). An empty `expected` matches nothing.
 */
export async function bearerMatches(given: string | undefined, expected: string): Promise<boolean> {
  const [left, right] = await Promise.all([sha256(given ?? ""), sha256(expected)]);
  let difference = given === undefined || expected === "" ? 1 : 0;
  for (let index = 0; index < left.length; index += 1) difference |= (left[index] ?? 0) ^ (right[index] ?? 0);
  return difference === 0;
}

function hexBytes(hex: string): Uint8Array | undefined {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(hex)) return undefined;
  const bytes = new Uint8Array(hex.length / 2);
  for (let index = 0; index < bytes.length; index += 1)
    bytes[index] = Number.parseInt(hex.slice(index * 2, index * 2 + 2), 16);
  return bytes;
}

/**
 * The bytes a signature covers: the body, or `<timestamp>.<body>` when the route signs a timestamp
 * (the timestamp header's exact text, a dot, then the exact body bytes).
 */
export function signedWebhookMaterial(body: Uint8Array | string, timestamp?: string): Uint8Array {
  const bytes = typeof body === "string" ? encoder.encode(body) : body;
  if (timestamp === undefined) return bytes;
  const prefix = encoder.encode(`${timestamp}.`);
  const material = new Uint8Array(prefix.length + bytes.length);
  material.set(prefix);
  material.set(bytes, prefix.length);
  return material;
}

/**
 * `sha256=<hex>` over the body (or over `<timestamp>.<body>` when `timestamp` is given), as
 * {@link verifyWebhookSignature} expects it (for senders and tests).
 */
export async function signWebhookBody(
  body: Uint8Array | string,
  secret: string,
  timestamp?: string,
): Promise<string> {
  const key = await globalThis.crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["sign"],
  );
  const data = signedWebhookMaterial(body, timestamp);
  const signature = new Uint8Array(await globalThis.crypto.subtle.sign("HMAC", key, data));
  return `sha256=${Array.from(signature, (byte) => byte.toString(16).padStart(2, "0")).join("")}`;
}

/**
 * True when `header` is `sha256=<hex>` and the hex is HMAC-SHA256 of the exact body bytes (preceded by
 * `<timestamp>.` when `timestamp` is given) under `secret`. The check is WebCrypto's `verify`, which
 * compares in constant time.
 */
export async function verifyWebhookSignature(
  body: Uint8Array | string,
  header: string | undefined | null,
  secret: string,
  timestamp?: string,
): Promise<boolean> {
  const match = /^\s*sha256=([0-9a-fA-F]{64})\s*$/.exec(header ?? "");
  const signature = match?.[1] ? hexBytes(match[1]) : undefined;
  if (signature === undefined) return false;
  const key = await globalThis.crypto.subtle.importKey(
    "raw",
    encoder.encode(secret),
    { name: "HMAC", hash: "SHA-256" },
    false,
    ["verify"],
  );
  const data = signedWebhookMaterial(body, timestamp);
  return globalThis.crypto.subtle.verify("HMAC", key, signature, data);
}
