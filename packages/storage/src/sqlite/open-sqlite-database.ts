import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import Database from "better-sqlite3";

/** Options of {@link openSqliteDatabase}. */
export interface OpenSqliteDatabaseOptions {
  /** An absolute path (resolve it first: the caller's messages name the same path). */
  file: string;
  /** Open an existing file for reading only: nothing is created, the journal mode is left as it is. */
  readOnly?: boolean;
  /** SQLite busy_timeout: how long a statement waits for another connection's write lock. */
  busyTimeoutMs: number;
  /** `synchronous` pragma for a writable file; SQLite's default (FULL) when not set. */
  synchronous?: "NORMAL" | "FULL";
  /** `foreign_keys = ON` (off by default in SQLite). */
  foreignKeys?: boolean;
  /**
   * Create the file 0600 (its folder 0700) before opening it, and tighten a looser mode to 0600 (default
   * true when writable). False when the caller checked or created the file itself.
   */
  createFile?: boolean;
}

/**
 * Opens one store's SQLite file: created 0600 unless read-only, WAL mode for a writable file (readers never
 * block the writer, several processes share the file), busy timeout and the requested pragmas. Throws what
 * the file system or SQLite threw (the caller wraps it in its own error); a read-only open of a missing file
 * throws "the file does not exist".
 */
export function openSqliteDatabase(options: OpenSqliteDatabaseOptions): Database.Database {
  const { file } = options;
  if (options.readOnly === true) {
    if (!existsSync(file)) throw new Error("the file does not exist");
    const sqlite = new Database(file, { readonly: true, fileMustExist: true });
    try {
      sqlite.pragma(`busy_timeout = ${options.busyTimeoutMs}`);
      if (options.foreignKeys === true) sqlite.pragma("foreign_keys = ON");
    } catch (error) {
      sqlite.close();
      throw error;
    }
    return sqlite;
  }
  if (options.createFile !== false) {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    closeSync(openSync(file, "a", 0o600));
    chmodSync(file, 0o600);
  }
  const sqlite = new Database(file);
  try {
    sqlite.pragma(`busy_timeout = ${options.busyTimeoutMs}`);
    sqlite.pragma("journal_mode = WAL");
    if (options.synchronous !== undefined) sqlite.pragma(`synchronous = ${options.synchronous}`);
    if (options.foreignKeys === true) sqlite.pragma("foreign_keys = ON");
  } catch (error) {
    sqlite.close();
    throw error;
  }
  return sqlite;
}
