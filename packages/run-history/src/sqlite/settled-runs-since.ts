import type Database from "better-sqlite3";
import type { SettledRunSearchFields } from "../history-search-fields.js";
import { RunHistoryError } from "../run-history-error.js";
import { assertConversationId, logicalConversationId } from "../run-ids.js";
import type { SettledRunsQuery, SettledRunsSince } from "../run-store.js";
import { searchFieldsFromRow } from "./history-search-scan.js";

/** Most runs one whole-conversation read returns: the largest retention maxCount (reference §4.1). */
export const SETTLED_RUNS_READ_MAX = 1_000_000;

const FIELDS = `run_id, status, started_at_ms, ended_at_ms, model, effort, source, source_detail,
  failure_kind, user_input, updated_at_ms`;

/** The statements of one scope column: a whole read, a read since a settle number, the ids present. */
interface ScopeStatements {
  readonly all: Database.Statement;
  readonly since: Database.Statement;
  readonly ids: Database.Statement;
}

/** Prepared statements of one connection (migration 0001 applied). */
interface Statements {
  readonly counters: Database.Statement;
  readonly conversation: ScopeStatements;
  readonly logical: ScopeStatements;
  readonly read: (work: () => SettledRunsSince) => SettledRunsSince;
}

const prepared = new WeakMap<Database.Database, Statements>();

function scopeStatements(sqlite: Database.Database, column: string): ScopeStatements {
  return {
    // `runs_<scope>_updated`: the conversation's runs in order, settled ones kept.
    all: sqlite
      .prepare(
        `SELECT ${FIELDS} FROM runs WHERE ${column} = ? AND status <> 'running' ORDER BY updated_at_ms, run_id LIMIT ?`,
      )
      .raw(true),
    // `runs_<scope>_settled`: a range of the settle numbers, usually empty or a few rows.
    since: sqlite
      .prepare(
        `SELECT ${FIELDS} FROM runs WHERE ${column} = ? AND settled_sequence > ? AND status <> 'running' ORDER BY settled_sequence`,
      )
      .raw(true),
    // Index-only read of `runs_<scope>_settled` (settled runs are numbered from 1, running ones are null).
    ids: sqlite.prepare(`SELECT run_id FROM runs WHERE ${column} = ? AND settled_sequence > 0`).pluck(true),
  };
}

/** The statements, or undefined when the file has no counters yet (a read-only store of an older schema). */
function statementsOf(sqlite: Database.Database): Statements | undefined {
  const known = prepared.get(sqlite);
  if (known) return known;
  const migrated = sqlite
    .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'run_store_counters'")
    .get();
  if (!migrated) return undefined;
  const statements: Statements = {
    counters: sqlite.prepare("SELECT name, value FROM run_store_counters").raw(true),
    conversation: scopeStatements(sqlite, "conversation_id"),
    logical: scopeStatements(sqlite, "logical_conversation_id"),
    // One read transaction: the counters and the rows come from the same snapshot.
    read: sqlite.transaction((work: () => SettledRunsSince) => work()),
  };
  prepared.set(sqlite, statements);
  return statements;
}

/** The search fields (the first ten columns) plus `updated_at_ms`, the eleventh. */
function toFields(raw: unknown[]): SettledRunSearchFields {
  return { ...searchFieldsFromRow(raw), updatedAtMs: raw[10] as number };
}

/**
 * {@link RunStore.readSettledRunsSince} over one SQLite connection: the `run_store_counters` row values
 * (kept by the triggers of migration 0001) and, in the same snapshot, the conversation's runs with a
 * larger settle number — or every settled run of it on a first read.
 */
export function readSettledRunsSince(
  sqlite: Database.Database,
  query: SettledRunsQuery,
): SettledRunsSince | undefined {
  let scope: "conversation" | "logical";
  let id: string;
  if (query.logicalConversationId !== undefined) {
    assertConversationId(query.logicalConversationId);
    [scope, id] = ["logical", logicalConversationId(query.logicalConversationId)];
  } else if (query.conversationId !== undefined) {
    assertConversationId(query.conversationId);
    [scope, id] = ["conversation", query.conversationId];
  } else
    throw new RunHistoryError(
      "invalid_argument",
      "readSettledRunsSince needs a conversationId or a logicalConversationId.",
    );
  const { after } = query;
  const count = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
  if (after !== undefined && !(count(after.settled) && count(after.deleted)))
    throw new RunHistoryError(
      "invalid_argument",
      `after must be a position returned by readSettledRunsSince ({ settled, deleted }: counts from 0); received ${JSON.stringify(after)}.`,
    );
  const statements = statementsOf(sqlite);
  if (!statements) return undefined;
  const scoped = statements[scope];
  return statements.read(() => {
    const counters = new Map(statements.counters.all() as [string, number][]);
    const position = { settled: counters.get("settled") ?? 0, deleted: counters.get("deleted") ?? 0 };
    if (!after)
      return { position, runs: (scoped.all.all(id, SETTLED_RUNS_READ_MAX) as unknown[][]).map(toFields) };
    const runs = (scoped.since.all(id, after.settled) as unknown[][]).map(toFields);
    return position.deleted === after.deleted
      ? { position, runs }
      : { position, runs, remainingRunIds: scoped.ids.all(id) as string[] };
  });
}
