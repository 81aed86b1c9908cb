import { join } from "node:path";

/** Folder of the canonical daily files under the memory root. */
export const DAILY_DIR = "daily";
/** The writer lock of reference §6.1. */
export const WRITER_LOCK_FILE = ".journal-write.lock";
/** The maintenance transaction record that blocks writers during forget apply/restore (reference §6.1). */
export const MAINTENANCE_FILE = ".memory.maintenance.json";
/** Folder of the SQLite index. */
export const INDEX_DIR = ".index";
/** The lite FTS index. */
export const INDEX_FILE = "memory.db";
/** The agent's runtime marker (reference §6.1). */
export const RUNTIME_MARKER_FILE = "runtime.json";
/** Prefix of forget backups, siblings of the memory root (reference §6.1). */
export const FORGET_BACKUP_PREFIX = ".memory-forget-backup-";

const DATE_FILE = /^(\d{4}-\d{2}-\d{2})\.md$/;

/** The date of a `YYYY-MM-DD.md` file name, if it is one. */
export function dateOfFileName(name: string): string | undefined {
  return DATE_FILE.exec(name)?.[1];
}

/** Relative canonical path of a modern daily file. */
export function dailySource(date: string): string {
  return `${DAILY_DIR}/${date}.md`;
}

/** Absolute path of a relative source under the root. */
export function sourcePath(root: string, source: string): string {
  return join(root, ...source.split("/"));
}

/** The UTC date of an instant, `YYYY-MM-DD` (reference §6.1). */
export function utcDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}
