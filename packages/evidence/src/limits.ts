/** Model-facing text block ceiling in characters: reference §3.4 (Pi itself caps MCP text at 12,000). */
export const MODEL_TEXT_MAX_CHARS = 10_000;

/** Characters of original text per continued chunk: reference §3.4, leaves room for the section prefix. */
export const MODEL_TEXT_CHUNK_CHARS = 9_900;

/** Largest cursor in bytes (all cursor characters are ASCII): seed page (MemoryJournal) and reference §4.3. */
export const CURSOR_MAX_BYTES = 2_048;

/** Deepest container nesting the redactor keeps: reference §4.2. */
export const REDACTION_MAX_DEPTH = 12;

/** Most values the redactor visits in one document: reference §4.2. */
export const REDACTION_MAX_NODES = 10_000;

/** Most array items the redactor keeps per array: reference §4.2. */
export const REDACTION_MAX_ITEMS = 1_000;

/** Most keys the redactor keeps per object: reference §4.2. */
export const REDACTION_MAX_KEYS = 1_000;

/** Per-string byte cap of the redactor: reference §4.1 (recorder default) and §4.3 (projected string). */
export const REDACTION_MAX_STRING_BYTES = 4_096;

/** Shortest configured credential value that is compared: seed page (Remember), reference §6.6. */
export const CONFIGURED_VALUE_MIN_LENGTH = 4;

/** Longest credential-assignment value read past the separator; a longer value is still flagged. */
export const ASSIGNMENT_VALUE_MAX_CHARS = 512;

/**
 * Shortest configured credential value also looked for in disguise (split by white space, written
 * with confusable letters, reversed, base64-, hex- or percent-encoded). Dropping white space and folding
 * look-alikes makes a short value easy to meet by chance in prose: 8 characters keeps a chance match
 * out of ordinary text (the near-miss corpus) while every real token and password is longer.
 */
export const DISGUISED_VALUE_MIN_LENGTH = 8;
