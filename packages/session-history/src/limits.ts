/** Results one search returns when no `limit` is given: seed page ("Search defaults to five"). */
export const SEARCH_DEFAULT_LIMIT = 5;

/** Most results one search returns: seed page ("caps at ten results"). */
export const SEARCH_MAX_LIMIT = 10;

/** Most values in one `tools`, `states` or `runIds` filter: seed page ("filters cap at 20 values"). */
export const FILTER_MAX_VALUES = 20;

/** Longest `query`, in UTF-8 bytes: seed page ("queries at 512 UTF-8 bytes"). */
export const QUERY_MAX_BYTES = 512;

/** Largest search preview, in UTF-8 bytes: seed page ("previews at 1 KiB"). */
export const PREVIEW_MAX_BYTES = 1_024;

/** Chunk size of a get when no `chunkBytes` is given: reference §5.2 (default 4096). */
export const CHUNK_DEFAULT_BYTES = 4_096;

/** Largest get chunk, in UTF-8 bytes: seed page ("chunks of at most 8 KiB"); navigation always uses it. */
export const CHUNK_MAX_BYTES = 8_192;

/** Longest record id or provider tool-call id accepted by get, in UTF-8 bytes: reference §5.2 (4 KiB). */
export const RECORD_ID_MAX_BYTES = 4_096;

/** Longest tool name or run id accepted as a filter value, in UTF-8 bytes (RunHistory's run-id bound, reference §4.3). */
export const FILTER_VALUE_MAX_BYTES = 512;

/**
 * Largest stored payload (arguments or result) of one record, in UTF-8 bytes. A decision (the reference
 * has none): 64 KiB holds the 50 KiB the MCP bridge shows the model plus its JSON framing; byte
 * retention (512 MiB) bounds the total.
 */
export const PAYLOAD_MAX_BYTES = 64 * 1_024;

/** Foreground persistence ceiling per event, in ms: seed page ("a 250 ms foreground ceiling"). */
export const FOREGROUND_TIMEOUT_MS = 250;

/** First fail-fast cooldown after a write failure, in ms: reference §5.1 (30 s). */
export const FAILURE_COOLDOWN_INITIAL_MS = 30_000;

/** Longest fail-fast cooldown, in ms: reference §5.1 (doubling up to 5 min). */
export const FAILURE_COOLDOWN_MAX_MS = 5 * 60_000;

/** Cold reseed projection ceiling in UTF-8 bytes, truncation marker included: seed page (64 KiB). */
export const COLD_RESEED_MAX_BYTES = 64 * 1_024;

/** Retention default: completed calls kept per sidecar (SPEC §5). */
export const RETENTION_MAX_COMPLETED_CALLS = 100_000;

/** Retention default: age of a completed call, in ms (SPEC §5: 30 days). */
export const RETENTION_MAX_AGE_MS = 30 * 24 * 60 * 60_000;

/** Retention default: stored payload bytes (SPEC §5: 512 MiB). */
export const RETENTION_MAX_BYTES = 512 * 1_024 * 1_024;

/** Retention default: tombstones kept (SPEC §5: 10,000). */
export const RETENTION_MAX_TOMBSTONES = 10_000;

/** Retention default: age of a tombstone, in ms (SPEC §5: 30 days). */
export const RETENTION_TOMBSTONE_MAX_AGE_MS = 30 * 24 * 60 * 60_000;

/** Bound on draining deferred writes before a run is finalized, in ms (the SQLite writer's `DRAIN_TIMEOUT_MS`). */
export const OBSERVER_DRAIN_TIMEOUT_MS = 5_000;

/** Newest completed calls read for a cold reseed; the 64 KiB projection keeps the newest that fit. */
export const COLD_RESEED_READ_LIMIT = 500;
