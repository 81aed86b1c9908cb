/** Runs a RunHistory list or search returns when no `limit` is given: reference §4.3 (default 5). */
export const RUN_HISTORY_DEFAULT_LIMIT = 5;

/** Most runs one RunHistory list or search page returns: reference §4.3 (limit 1–10). */
export const RUN_HISTORY_MAX_LIMIT = 10;

/** Longest `runId` / `run_id` argument in UTF-8 bytes: reference §4.3 (run id ≤ 512 bytes). */
export const RUN_HISTORY_RUN_ID_MAX_BYTES = 512;

/** Longest `query` in UTF-8 bytes: reference §4.3 (query ≤ 512 bytes). */
export const RUN_HISTORY_QUERY_MAX_BYTES = 512;

/** Most entries on one timeline page: seed page ("at most 10 entries"), reference §4.3. */
export const TIMELINE_PAGE_MAX_ENTRIES = 10;

/** Serialized size of one timeline page's entries: seed page ("about 16 KiB"), reference §4.3. */
export const TIMELINE_PAGE_MAX_BYTES = 16 * 1024;

/** Tool names listed in an overview's tool summary: reference §4.3 (tool summary ≤ 20 names). */
export const OVERVIEW_MAX_TOOL_NAMES = 20;

/** Warnings and failures (signals) in an overview: reference §4.3 (signals ≤ 10). */
export const OVERVIEW_MAX_SIGNALS = 10;

/** UTF-8 bytes of one projected string: reference §4.3 (projected string ≤ 4,096 bytes). */
export const PROJECTED_STRING_MAX_BYTES = 4_096;

/** Serialized UTF-8 bytes of one projected value (a tool input or result): reference §4.3 (≤ 8,192 bytes). */
export const PROJECTED_VALUE_MAX_BYTES = 8_192;

/** UTF-8 bytes of the trigger shown in run metadata: reference §4.3 (trigger in metadata ≤ 512 bytes). */
export const TRIGGER_METADATA_MAX_BYTES = 512;

/** Candidates of a list or search page that get their own inspect action: reference §4.3 (first 3). */
export const CANDIDATE_INSPECT_ACTIONS = 3;

/**
 * Most summaries one search scans: the largest `artifacts.retention.maxCount` (reference §4.1:
 * 1..1,000,000), so a store that retention keeps is always scanned whole.
 */
export const SEARCH_SCAN_MAX_RUNS = 1_000_000;

/**
 * Settled runs a search cache keeps; past it the other conversations are dropped. Four times the default
 * `artifacts.retention.maxCount` (reference §4.1: 50,000). Measured with the bench's triggers (about 80
 * bytes): about 0.9 KB per run with its token index (43 MB for 50,000 runs), more for longer triggers.
 */
export const SEARCH_CACHE_MAX_RUNS = 200_000;
