import {
  type JsonValue,
  OMISSION_MARKERS,
  redactJson,
  type SecretScanner,
  truncateUtf8,
  utf8ByteLength,
} from "@mono-agent/evidence";
import { PROJECTED_STRING_MAX_BYTES, PROJECTED_VALUE_MAX_BYTES } from "./run-history-limits.js";
import type { SafeText } from "./run-history-safe-text.js";

/** Strings per value after a value too large for {@link PROJECTED_VALUE_MAX_BYTES} is projected again. */
const SHRUNK_STRING_BYTES = 512;
/** Array items and object keys kept after a too-large value is projected again. */
const SHRUNK_ITEMS = 20;

/**
 * A structured value (tool input, a JSON tool result) as RunHistory shows it: first the shared
 * observability redactor (non-numbers under sensitive keys redacted, numbers kept, free text not
 * scanned), then the projection sanitizer over keys and strings (numbers under apiKey, token,
 * client_secret, password, authorization and cookie redacted; secrets and paths replaced; keys
 * disambiguated), then private artifact text scrubbed. At most 8,192 serialized bytes.
 */
export function projectStructuredValue(
  value: unknown,
  safe: SafeText,
  scanner: SecretScanner | undefined,
  secretMarker: string = OMISSION_MARKERS.secret,
): JsonValue {
  const firstPass = redactJson(value);
  const project = (maxStringBytes: number, maxItems?: number) =>
    scrubStrings(
      redactJson(firstPass, {
        numbers: "projection",
        opaquePaths: true,
        maxStringBytes,
        secretMarker,
        ...(scanner ? { secretScanner: scanner } : {}),
        ...(maxItems !== undefined ? { maxItems, maxKeys: maxItems } : {}),
      }),
      safe,
    );
  let projected = project(PROJECTED_STRING_MAX_BYTES);
  if (utf8ByteLength(JSON.stringify(projected)) <= PROJECTED_VALUE_MAX_BYTES) return projected;
  projected = project(SHRUNK_STRING_BYTES, SHRUNK_ITEMS);
  const text = JSON.stringify(projected);
  return utf8ByteLength(text) <= PROJECTED_VALUE_MAX_BYTES
    ? projected
    : truncateUtf8(text, PROJECTED_VALUE_MAX_BYTES - 64);
}

/** True when some string of a projected value still names private artifact internals. */
export function holdsPrivateText(value: JsonValue, safe: SafeText): boolean {
  if (typeof value === "string") return safe.isPrivate(value);
  if (Array.isArray(value)) return value.some((item) => holdsPrivateText(item, safe));
  if (value !== null && typeof value === "object")
    return Object.entries(value).some(([key, item]) => safe.isPrivate(key) || holdsPrivateText(item, safe));
  return false;
}

function scrubStrings(value: JsonValue, safe: SafeText): JsonValue {
  if (typeof value === "string") return safe.evidence(value);
  if (Array.isArray(value)) return value.map((item) => scrubStrings(item, safe));
  if (value !== null && typeof value === "object") {
    const out: Record<string, JsonValue> = {};
    for (const [key, item] of Object.entries(value)) out[key] = scrubStrings(item, safe);
    return out;
  }
  return value;
}
