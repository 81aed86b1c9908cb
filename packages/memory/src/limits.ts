/** Longest stored Remember text in characters (code points) once normalized: seed page (Remember). */
export const REMEMBER_TEXT_MAX_CHARS = 500;

/** Default MemoryRecall `limit`: reference §6.4. */
export const RECALL_DEFAULT_LIMIT = 8;

/** Largest MemoryRecall `limit`: reference §6.4. */
export const RECALL_MAX_LIMIT = 50;

/** Longest MemoryRecall query in UTF-8 bytes (reference §9 caps the rewrite at 64 KiB; v0 had no cap). */
export const RECALL_QUERY_MAX_BYTES = 65_536;

/** Widest MemoryJournal range in inclusive calendar days: seed page (MemoryJournal). */
export const JOURNAL_MAX_RANGE_DAYS = 31;

/** Default MemoryJournal page size: seed page. */
export const JOURNAL_DEFAULT_LIMIT = 10;

/** Largest MemoryJournal page size: seed page. */
export const JOURNAL_MAX_LIMIT = 25;

/** Most eligible entries one MemoryJournal snapshot freezes: seed page. */
export const JOURNAL_SNAPSHOT_MAX_ENTRIES = 1_000;

/** Most UTF-8 bytes of record data one MemoryJournal snapshot freezes (2 MiB): seed page. */
export const JOURNAL_SNAPSHOT_MAX_BYTES = 2 * 1024 * 1024;

/** Most MemoryJournal snapshots (first calls) in one run: seed page. */
export const JOURNAL_MAX_SNAPSHOTS_PER_RUN = 4;

/** Longest MemoryJournal entry text in UTF-8 bytes before it is cut: seed page. */
export const JOURNAL_ENTRY_TEXT_MAX_BYTES = 2_048;

/** Most UTF-8 bytes of serialized entries on one MemoryJournal page (8 KiB): seed page. */
export const JOURNAL_PAGE_MAX_BYTES = 8 * 1024;

/** Most ids one `memory forget prepare` plan may name: reference §6.7. */
export const FORGET_MAX_IDS = 32;

/** Forget backups kept after an apply (the newest ones): reference §6.1 and §10. */
export const FORGET_BACKUPS_KEPT = 3;

/** Age after which a forget backup is removed, in days: reference §6.1 and §10. */
export const FORGET_BACKUP_MAX_AGE_DAYS = 30;

/** Age after which a writer lock of a dead process may be taken over, in ms: reference §6.1. */
export const WRITER_LOCK_STALE_MS = 30_000;

/** How long a writer waits for `.journal-write.lock` before failing, in ms (writes take milliseconds). */
export const WRITER_LOCK_WAIT_MS = 10_000;

/** Age after which an agent's runtime marker counts as stale, in ms: reference §6.1 (heartbeat 30 s, stale > 90 s). */
export const RUNTIME_MARKER_STALE_MS = 90_000;

/** Heartbeat of the runtime marker, in ms: reference §6.1. */
export const RUNTIME_MARKER_HEARTBEAT_MS = 30_000;
