/** Largest claim body in bytes (reference §7.2: 16 KiB). */
export const CLAIM_BODY_MAX_BYTES = 16 * 1024;

/** Largest result body in bytes (reference §7.2: 256 KiB). */
export const RESULT_BODY_MAX_BYTES = 256 * 1024;

/** Longest `taskKey` and `idempotencyKey`, in characters (reference §7.2). */
export const TASK_KEY_MAX_CHARS = 256;

/** Longest `idempotencyKey` of a result, in characters (reference §7.2). */
export const IDEMPOTENCY_KEY_MAX_CHARS = 256;

/** Longest `taskHash`, in characters (same bound as the task key; the reference gives none). */
export const TASK_HASH_MAX_CHARS = 256;

/** Latest deadline a claim may ask for, from now (reference §7.2: 30 days). */
export const DEADLINE_MAX_MS = 30 * 24 * 60 * 60 * 1000;

/**
 * Lifetime of a claim capability (our choice; the reference says only "short-lived"). The real
 * bound is the originating MCP request: the capability closes when that run's tool calls end.
 */
export const CLAIM_CAPABILITY_TTL_MS = 60 * 60 * 1000;

/** How long one process may work a record before another may take it over (reference §7.2: 30 min). */
export const LEASE_MS = 30 * 60 * 1000;

/**
 * The lease on a shared store (PostgreSQL, several hosts): renewed every 20 s while a record is worked,
 * so a host killed mid-synthesis or mid-delivery holds its records at most a minute before another
 * host takes them over (recovering them as a restart would).
 */
export const SHARED_LEASE_MS = 60 * 1000;

/** How often the worker looks for due records (reference §7.2: 1 s). */
export const WORKER_TICK_MS = 1_000;

/** Most delivery attempts before a record is dead-lettered (reference §7.2: 20). */
export const DELIVERY_ATTEMPTS_MAX = 20;

/** First delivery retry delay; doubled per attempt (bounded exponential backoff, our numbers). */
export const DELIVERY_BACKOFF_INITIAL_MS = 1_000;

/** Longest delay between two delivery attempts (our bound: 5 minutes). */
export const DELIVERY_BACKOFF_MAX_MS = 5 * 60 * 1000;

/** Most characters of synthesized text kept and delivered (reference §7.2: 200,000). */
export const SYNTHESIZED_TEXT_MAX_CHARS = 200_000;

/** Most messages in an origin-context snapshot (reference §7.3: 64). */
export const ORIGIN_CONTEXT_MAX_MESSAGES = 64;

/** Most UTF-8 bytes of one message in an origin-context snapshot (reference §7.3: 64 KiB). */
export const ORIGIN_CONTEXT_MESSAGE_MAX_BYTES = 64 * 1024;

/** Most UTF-8 bytes of a whole origin-context snapshot (reference §7.3: 256 KiB). */
export const ORIGIN_CONTEXT_TOTAL_MAX_BYTES = 256 * 1024;

/** Most bytes of all stored origin-context snapshots together (reference §7.3: 256 MiB). */
export const ORIGIN_CONTEXT_QUOTA_BYTES = 256 * 1024 * 1024;

/** Longest error message kept on a record and shown by the status endpoint (our bound). */
export const LAST_ERROR_MAX_CHARS = 512;

/** Most records one operator list page returns (reference §7.2: 500). */
export const OPERATOR_PAGE_MAX = 500;

/** Records an operator list page returns by default (reference §7.1: `operatorPageSize` 100). */
export const OPERATOR_PAGE_DEFAULT = 100;

/** Synthesized text of a `notify_if_actionable` result meaning "nothing to tell the user". */
export const NO_ACTION_MARKER = "NO_ACTION";

/** Shortest accepted detached-service bearer, in characters (reference §7.1: at least 16). */
export const SERVICE_TOKEN_MIN_CHARS = 16;

/** Detached service names: letter or digit first, then letters, digits, `_` or `-`, at most 48 (the MCP server-name alphabet). */
export const SERVICE_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,47}$/;

/** Most finished records kept by default (reference §7.1: `retention.terminalMaxRecords` 50,000). */
export const TERMINAL_MAX_RECORDS_DEFAULT = 50_000;

/** Age after which a finished record is deleted by default (reference §7.1: 365 days). */
export const TERMINAL_MAX_AGE_MS_DEFAULT = 365 * 24 * 60 * 60 * 1000;

/** Most captured texts kept by default (reference §7.1: `retention.capturedTextMaxRecords` 1,000). */
export const CAPTURED_TEXT_MAX_RECORDS_DEFAULT = 1_000;

/** Age after which a captured text is scrubbed by default (reference §7.1: 30 days). */
export const CAPTURED_TEXT_MAX_AGE_MS_DEFAULT = 30 * 24 * 60 * 60 * 1000;

/** How often the running service sweeps retention (our choice: hourly; also once at start). */
export const RETENTION_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Largest operator action body in bytes (our bound: the bodies are a few fields). */
export const OPERATOR_BODY_MAX_BYTES = 4 * 1024;
