import Database from "better-sqlite3";

/** Open and archived threads in a web thread store file, read-only. */
export function countWebThreads(file: string): { open: number; archived: number } {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const row = sqlite
      .prepare(
        "SELECT SUM(archived_at_ms IS NULL) AS open, SUM(archived_at_ms IS NOT NULL) AS archived FROM web_threads",
      )
      .get() as { open: number | null; archived: number | null };
    return { open: row.open ?? 0, archived: row.archived ?? 0 };
  } finally {
    sqlite.close();
  }
}
