import {
  createSecretScanner,
  OMISSION_MARKERS,
  redactJson,
  type SecretScanner,
  truncateUtf8,
  utf8ByteLength,
} from "@mono-agent/evidence";
import { PAYLOAD_MAX_BYTES } from "./limits.js";

/** A payload ready to store: redacted, path-opaque JSON text within the byte bound, with its sizes. */
export interface ProjectedPayload {
  readonly payload: string;
  /** UTF-8 bytes of the value as JSON before redaction and bounds. */
  readonly originalBytes: number;
  /** UTF-8 bytes of `payload`. */
  readonly retainedBytes: number;
  /** True when bounds cut anything (a string, an array, the whole text). */
  readonly truncated: boolean;
}

const shapeScanner = createSecretScanner();

/** Options of {@link projectToolPayload}. */
export interface ProjectToolPayloadOptions {
  /** Finds secrets in free text; default: token shapes and assignments only (no configured values). */
  readonly secretScanner?: SecretScanner;
  /** Byte bound of the stored text; default {@link PAYLOAD_MAX_BYTES}. */
  readonly maxBytes?: number;
}

/**
 * Redacts and bounds a tool payload before it is stored: sensitive keys (the shared redactor's second,
 * projection pass), secrets found by `secretScanner`, filesystem paths in values and keys; then the
 * JSON text is cut to `maxBytes` on a code-point boundary (the cut text is no longer JSON). Never throws.
 */
export function projectToolPayload(
  value: unknown,
  options: ProjectToolPayloadOptions = {},
): ProjectedPayload {
  const maxBytes = options.maxBytes ?? PAYLOAD_MAX_BYTES;
  const originalBytes = originalSize(value);
  const projected = redactJson(value, {
    numbers: "projection",
    opaquePaths: true,
    maxStringBytes: maxBytes,
    secretScanner: options.secretScanner ?? shapeScanner,
  });
  const full = JSON.stringify(projected) ?? "null";
  const payload = truncateUtf8(full, maxBytes);
  const cutInside = /\[max-(depth|nodes|items|keys)\]|…\[truncated \d+ bytes\]/.test(full);
  return {
    payload,
    originalBytes,
    retainedBytes: utf8ByteLength(payload),
    truncated: payload !== full || cutInside,
  };
}

/** The payload stored for a nested RunHistory / SessionHistory result: only the omission marker. */
export function nestedHistoryPayload(value: unknown): ProjectedPayload {
  const payload = JSON.stringify(OMISSION_MARKERS.nestedHistoryResult);
  return {
    payload,
    originalBytes: originalSize(value),
    retainedBytes: utf8ByteLength(payload),
    truncated: false,
  };
}

function originalSize(value: unknown): number {
  try {
    return utf8ByteLength(JSON.stringify(value) ?? "null");
  } catch {
    return utf8ByteLength(JSON.stringify(redactJson(value)) ?? "null");
  }
}
