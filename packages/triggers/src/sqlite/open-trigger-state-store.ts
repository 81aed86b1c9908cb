import { chmodSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { TriggerError } from "../trigger-error.js";
import type { ScheduleState, TriggerStateStore } from "../trigger-state-store.js";

/** The state file inside the state directory. */
export const TRIGGER_STATE_FILE = "triggers.sqlite";

/** How long a write waits for another connection's transaction, in ms: claims are one short UPDATE. */
export const TRIGGER_STORE_BUSY_TIMEOUT_MS = 5_000;

/** Schema version in `user_version`; a newer file is refused rather than misread. */
const SCHEMA_VERSION = 1;

interface StateRow {
  name: string;
  last_handled_ms: number;
  last_fired_ms: number | null;
  missed_total: number;
}

function toState(row: StateRow): ScheduleState {
  return {
    name: row.name,
    lastHandledAt: new Date(row.last_handled_ms),
    ...(row.last_fired_ms !== null ? { lastFiredAt: new Date(row.last_fired_ms) } : {}),
    missedTotal: row.missed_total,
  };
}

/** Makes the state directory (0700) if missing. */
export function ensureTriggerStateDir(stateDir: string): void {
  mkdirSync(stateDir, { recursive: true, mode: 0o700 });
}

/**
 * Opens (creating, 0600 in a 0700 folder) the SQLite trigger state of `stateDir`. Throws `store_failed`
 * naming the file when it cannot be opened or is from a newer version.
 */
export function openTriggerStateStore(stateDir: string): TriggerStateStore {
  const file = join(stateDir, TRIGGER_STATE_FILE);
  let sqlite: Database.Database;
  try {
    ensureTriggerStateDir(stateDir);
    sqlite = new Database(file);
    chmodSync(file, 0o600);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma(`busy_timeout = ${TRIGGER_STORE_BUSY_TIMEOUT_MS}`);
    const version = sqlite.pragma("user_version", { simple: true }) as number;
    if (version > SCHEMA_VERSION) {
      sqlite.close();
      throw new Error(`it was written by a newer mono-agent (schema ${version}); upgrade mono-agent`);
    }
    sqlite.exec(
      `CREATE TABLE IF NOT EXISTS schedule_state (
         name TEXT PRIMARY KEY NOT NULL,
         last_handled_ms INTEGER NOT NULL,
         last_fired_ms INTEGER,
         missed_total INTEGER NOT NULL DEFAULT 0
       ) STRICT; PRAGMA user_version = ${SCHEMA_VERSION};`,
    );
  } catch (error) {
    throw new TriggerError(
      "store_failed",
      `cannot open the trigger state ${file}: ${error instanceof Error ? error.message : String(error)}`,
      { cause: error },
    );
  }
  const select = sqlite.prepare<[string], StateRow>("SELECT * FROM schedule_state WHERE name = ?");
  const insert = sqlite.prepare(
    "INSERT OR IGNORE INTO schedule_state (name, last_handled_ms, last_fired_ms, missed_total) VALUES (?, ?, NULL, 0)",
  );
  const claim = sqlite.prepare(
    `UPDATE schedule_state SET last_handled_ms = ?, last_fired_ms = CASE WHEN ? THEN ? ELSE last_fired_ms END,
       missed_total = missed_total + ? WHERE name = ? AND last_handled_ms < ?`,
  );
  const all = sqlite.prepare<[], StateRow>("SELECT * FROM schedule_state ORDER BY name");
  return {
    get(name) {
      const row = select.get(name);
      return row ? toState(row) : undefined;
    },
    ensure(name, firstSeenAt) {
      insert.run(name, firstSeenAt.getTime());
      return toState(select.get(name) as StateRow);
    },
    claim(name, handledAt, outcome) {
      const at = handledAt.getTime();
      return (
        claim.run(at, outcome.fired ? 1 : 0, at, Math.max(0, Math.trunc(outcome.missed)), name, at)
          .changes === 1
      );
    },
    list: () => all.all().map(toState),
    close() {
      if (sqlite.open) sqlite.close();
    },
  };
}
