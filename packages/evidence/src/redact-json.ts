import { EvidenceError } from "./evidence-error.js";
import type { JsonValue } from "./json-value.js";
import {
  REDACTION_MAX_DEPTH,
  REDACTION_MAX_ITEMS,
  REDACTION_MAX_KEYS,
  REDACTION_MAX_NODES,
  REDACTION_MAX_STRING_BYTES,
} from "./limits.js";
import { OMISSION_MARKERS } from "./omission-markers.js";
import { opaquePaths } from "./opaque-paths.js";
import { type ProjectionSettings, projectJson } from "./project-json.js";
import type { SecretScanner } from "./secret-scanner.js";
import { truncateUtf8 } from "./truncate-utf8.js";

/** Bounds of a projection walk; every default comes from reference §4.2. */
export interface ProjectionBounds {
  /** Containers at this depth (root = 0) become `[max-depth]`. Default 12. */
  readonly maxDepth?: number;
  /** Values visited before the walk stops with one `[max-nodes]`. Default 10,000. */
  readonly maxNodes?: number;
  /** Items kept per array, then `[max-items]` is appended. Default 1,000. */
  readonly maxItems?: number;
  /** Keys kept per object, then `__truncated__: "[max-keys]"` is added. Default 1,000. */
  readonly maxKeys?: number;
  /** UTF-8 bytes per string and per key, cut with `…[truncated N bytes]`. Default 4,096. */
  readonly maxStringBytes?: number;
}

/** Options of {@link redactJson}. */
export interface RedactJsonOptions extends ProjectionBounds {
  /**
   * Numbers under sensitive keys: `"keep"` (first pass, default: token counts stay visible) or
   * `"projection"` (the page's second pass: numbers under apiKey, token, client_secret, password,
   * authorization and cookie are redacted; under credential, private_key and bearer they stay).
   */
  readonly numbers?: "keep" | "projection";
  /** Replace filesystem paths in string values and in keys with `[host-path]` forms. Default false. */
  readonly opaquePaths?: boolean;
  /** Replace secrets found in string values and keys (free text is not scanned without one). */
  readonly secretScanner?: SecretScanner;
  /** Marker for secrets found by `secretScanner`. Default `[secret omitted]`. */
  readonly secretMarker?: string;
}

/**
 * Projects any value to bounded, redacted JSON. Values under sensitive keys (token, password,
 * authorization, api key, cookie, credential(s), private key, client secret, bearer, secret —
 * case-insensitive substrings, separators ` `, `_`, `.`, `:`, `-` allowed) become `[redacted]`,
 * except numbers (see `numbers`) and null. Cycles become `[circular]`; bounds as in
 * {@link ProjectionBounds}. Keys changed by sanitizing are disambiguated deterministically
 * (`~2`, `~3` …) while unchanged keys keep their spelling. Never throws for any `value`:
 * BigInt becomes its decimal string, Date its ISO string, undefined/functions/symbols are
 * dropped (null in arrays), non-finite numbers become null, binary data `[binary]`, and a
 * throwing getter or proxy `[unreadable]`.
 *
 * @throws EvidenceError `invalid_argument` only for invalid options.
 */
export function redactJson(value: unknown, options: RedactJsonOptions = {}): JsonValue {
  return projectJson(value, resolveSettings(options, true));
}

/**
 * Applies path opacity to every string value and key of a JSON value (with the same bounds and
 * collision-safe key renaming as {@link redactJson}, but no key-based redaction). Idempotent.
 */
export function opaquePathsInJson(value: unknown, options: ProjectionBounds = {}): JsonValue {
  return projectJson(
    value,
    resolveSettings({ maxStringBytes: Number.MAX_SAFE_INTEGER, ...options, opaquePaths: true }, false),
  );
}

function resolveSettings(options: RedactJsonOptions, redactSensitiveKeys: boolean): ProjectionSettings {
  const bound = (name: keyof ProjectionBounds, fallback: number) => {
    const value = options[name] ?? fallback;
    if (!Number.isSafeInteger(value) || value < 1) {
      throw new EvidenceError("invalid_argument", `${name} must be a positive integer; received ${value}.`);
    }
    return value;
  };
  const maxStringBytes = bound("maxStringBytes", REDACTION_MAX_STRING_BYTES);
  const { secretScanner, secretMarker = OMISSION_MARKERS.secret } = options;
  const sanitize = (text: string) => {
    let out = secretScanner ? secretScanner.replaceSecrets(text, secretMarker) : text;
    if (options.opaquePaths) out = opaquePaths(out);
    return truncateUtf8(out, maxStringBytes);
  };
  return {
    maxDepth: bound("maxDepth", REDACTION_MAX_DEPTH),
    maxNodes: bound("maxNodes", REDACTION_MAX_NODES),
    maxItems: bound("maxItems", REDACTION_MAX_ITEMS),
    maxKeys: bound("maxKeys", REDACTION_MAX_KEYS),
    redactSensitiveKeys,
    numbers: options.numbers === "projection" ? "projection" : "keep",
    sanitizeString: sanitize,
    sanitizeKey: sanitize,
  };
}
