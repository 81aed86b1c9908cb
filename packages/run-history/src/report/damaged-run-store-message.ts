import type { RunStoreLocation } from "./runs-for-reading.js";

/**
 * The message for a run store that cannot be opened or read: the cause, and the fix (SQLite: move the
 * file aside; PostgreSQL: check the server and `mono-agent storage status`).
 */
export function damagedRunStoreMessage(error: unknown, runs: RunStoreLocation): string {
  const cause = error instanceof Error ? error.message : String(error);
  return runs.engine === "postgres"
    ? `${cause}\nthe shared run store (${runs.location}) cannot be read; check that the server answers and run \`mono-agent storage status\``
    : `${cause}\nthe run store may be damaged; move ${runs.location} aside to start a new one`;
}
