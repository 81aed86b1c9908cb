import Database from "better-sqlite3";

/** Tool calls in the SessionHistory sidecar and the conversations they belong to, read-only. */
export function countToolCalls(file: string): { calls: number; conversations: number } {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return sqlite
      .prepare(
        "SELECT COUNT(*) AS calls, COUNT(DISTINCT scope_conversation_id) AS conversations FROM tool_calls",
      )
      .get() as { calls: number; conversations: number };
  } finally {
    sqlite.close();
  }
}
