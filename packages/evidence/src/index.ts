export {
  type AuthenticatedCursorCodec,
  type AuthenticatedCursorCodecOptions,
  CURSOR_KEY_MIN_BYTES,
  createAuthenticatedCursorCodec,
  type HmacSha256,
} from "./authenticated-cursor.js";
export { isCredentialEnvName } from "./configured-secret-values.js";
export { EvidenceError, type EvidenceErrorCode, INVALID_CURSOR_MESSAGE } from "./evidence-error.js";
export { type FitPageOptions, type FittedPage, fitPageToBytes } from "./fit-page-to-bytes.js";
export { hasHiddenCharacters, stripHiddenCharacters } from "./hidden-characters.js";
export type { JsonObject, JsonValue } from "./json-value.js";
export {
  CONFIGURED_VALUE_MIN_LENGTH,
  CURSOR_MAX_BYTES,
  MODEL_TEXT_CHUNK_CHARS,
  MODEL_TEXT_MAX_CHARS,
  REDACTION_MAX_DEPTH,
  REDACTION_MAX_STRING_BYTES,
} from "./limits.js";
export { OMISSION_MARKERS, TRUNCATED_KEYS_KEY } from "./omission-markers.js";
export { HOST_PATH_MAX_TRAILING_COMPONENTS, opaquePaths } from "./opaque-paths.js";
export {
  opaquePathsInJson,
  type ProjectionBounds,
  type RedactJsonOptions,
  redactJson,
} from "./redact-json.js";
export { renderTable } from "./render-table.js";
export type { SecretFinding, SecretKind } from "./secret-kind.js";
export { createSecretScanner, type SecretScanner, type SecretScannerOptions } from "./secret-scanner.js";
export { isSensitiveKey, redactsNumbersUnder } from "./sensitive-keys.js";
export { isSensitivePathComponent } from "./sensitive-path-component.js";
export { splitModelText } from "./split-model-text.js";
export { decodeStructuralCursor, encodeStructuralCursor } from "./structural-cursor.js";
export { stripTerminalControls, terminalSafeJson } from "./terminal-controls.js";
export { truncateUtf8, utf8ByteLength } from "./truncate-utf8.js";
export {
  isHistoryToolName,
  type Navigation,
  omitNestedHistoryResult,
  UNTRUSTED_NOTICE,
  type UntrustedEnvelope,
  untrustedEnvelope,
} from "./untrusted-envelope.js";
