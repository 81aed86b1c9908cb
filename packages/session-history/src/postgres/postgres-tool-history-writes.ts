import type pg from "pg";
import { withoutRolloverBucket } from "../conversation-scope.js";
import { acceptArtifacts } from "../sqlite/artifact-paths.js";
import { toolRecordId } from "../sqlite/record-ids.js";
import type { InvocationWrite, ResultWrite, ToolLifecycleWrite } from "../tool-lifecycle-write.js";
import { invocationSearchText, searchPart } from "./search-text.js";

/** Placeholder payload of a call whose invocation was never recorded (its result arrived alone), as in SQLite. */
export const MISSING_INVOCATION_PAYLOAD = JSON.stringify("[invocation not recorded]");

/** What became of one write of a batch. */
export type BatchOutcome = { ok: true } | { ok: false; conflict: boolean; message: string };

/** Something that runs one statement: a pool, or a client. */
export type Queryable = Pick<pg.Pool, "query">;

const OK: BatchOutcome = { ok: true };

/**
 * Writes a batch in as few statements as possible: every invocation in one multi-row `INSERT … ON
 * CONFLICT DO NOTHING`, every result in one multi-row `UPDATE … FROM unnest(…)`; a result whose
 * invocation is missing gets its row in one more multi-row INSERT. A retried write that repeats what is
 * stored is a success; one that differs is an idempotency conflict (as in SQLite). No explicit
 * transaction: each statement commits on its own (one round trip per phase in the common case), and a
 * batch that fails part-way is retried by the caller's next write of the same record (idempotent).
 */
export async function writeBatchStatements(
  db: Queryable,
  writes: readonly ToolLifecycleWrite[],
  ownerId: string,
  toolOutputRoot: string | undefined,
): Promise<BatchOutcome[]> {
  const outcomes: BatchOutcome[] = new Array(writes.length).fill(OK);
  // A call written twice in one batch (a retry) waits for the next round: a statement touches a row once.
  let remaining = writes.map((write, index) => ({ write, index }));
  while (remaining.length > 0) {
    const seen = new Set<string>();
    const round: typeof remaining = [];
    const later: typeof remaining = [];
    for (const entry of remaining) {
      const key = `${entry.write.phase}\u0000${toolRecordId("invocation", entry.write)}`;
      (seen.has(key) ? later : round).push(entry);
      seen.add(key);
    }
    const invocations = round.filter((entry) => entry.write.phase === "invocation") as {
      write: InvocationWrite;
      index: number;
    }[];
    const results = round.filter((entry) => entry.write.phase === "result") as {
      write: ResultWrite;
      index: number;
    }[];
    for (const [index, outcome] of await writeInvocations(db, invocations, ownerId))
      outcomes[index] = outcome;
    for (const [index, outcome] of await writeResults(db, results, ownerId, toolOutputRoot))
      outcomes[index] = outcome;
    remaining = later;
  }
  return outcomes;
}

function identityColumns(writes: readonly (InvocationWrite | ResultWrite)[], ownerId: string): unknown[] {
  return [
    writes.map((write) => toolRecordId("invocation", write)),
    writes.map((write) => write.conversationId),
    writes.map((write) => withoutRolloverBucket(write.conversationId)),
    writes.map((write) => write.runId),
    writes.map((write) => write.toolCallId),
    writes.map((write) => write.toolName),
    writes.map((write) => write.isolated),
    writes.map((write) => write.runStartedAtMs),
    writes.map(() => ownerId),
  ];
}

const IDENTITY_INSERT_COLUMNS =
  "invocation_record_id, conversation_id, scope_conversation_id, run_id, tool_call_id, tool_name, isolated, run_started_at_ms, owner_id";
const IDENTITY_UNNEST_TYPES =
  "$1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::boolean[], $8::bigint[], $9::text[]";

async function writeInvocations(
  db: Queryable,
  entries: readonly { write: InvocationWrite; index: number }[],
  ownerId: string,
): Promise<Map<number, BatchOutcome>> {
  const outcomes = new Map<number, BatchOutcome>();
  if (entries.length === 0) return outcomes;
  const writes = entries.map((entry) => entry.write);
  const inserted = await db.query<{ invocation_record_id: string }>(
    `INSERT INTO session_tool_calls (${IDENTITY_INSERT_COLUMNS}, start_sequence, started_at_ms, invocation_payload,
       invocation_original_bytes, invocation_retained_bytes, invocation_truncated, search_text)
     SELECT * FROM unnest(${IDENTITY_UNNEST_TYPES}, $10::integer[], $11::bigint[], $12::text[], $13::integer[],
       $14::integer[], $15::boolean[], $16::text[])
     ON CONFLICT (invocation_record_id) DO NOTHING RETURNING invocation_record_id`,
    [
      ...identityColumns(writes, ownerId),
      writes.map((write) => write.sequence),
      writes.map((write) => write.startedAtMs),
      writes.map((write) => write.payload.payload),
      writes.map((write) => write.payload.originalBytes),
      writes.map((write) => write.payload.retainedBytes),
      writes.map((write) => write.payload.truncated),
      writes.map((write) => invocationSearchText(write.toolName, write.payload.payload)),
    ],
  );
  const done = new Set(inserted.rows.map((row) => row.invocation_record_id));
  const existingIds = writes.map((write) => toolRecordId("invocation", write)).filter((id) => !done.has(id));
  if (existingIds.length === 0) return outcomes;
  const existing = await db.query<{
    row_id: string;
    invocation_record_id: string;
    invocation_payload: string;
    start_sequence: number;
  }>(
    "SELECT row_id, invocation_record_id, invocation_payload, start_sequence FROM session_tool_calls WHERE invocation_record_id = ANY($1::text[])",
    [existingIds],
  );
  const byId = new Map(existing.rows.map((row) => [row.invocation_record_id, row]));
  for (const { write, index } of entries) {
    const id = toolRecordId("invocation", write);
    const row = byId.get(id);
    if (done.has(id) || !row) continue;
    if (row.invocation_payload === write.payload.payload && row.start_sequence === write.sequence) continue;
    if (row.invocation_payload !== MISSING_INVOCATION_PAYLOAD) {
      outcomes.set(index, conflict(id));
      continue;
    }
    // The result arrived first: the late invocation fills its placeholder (search text stays, as in SQLite).
    await db.query(
      `UPDATE session_tool_calls SET start_sequence = $1, started_at_ms = $2, invocation_payload = $3,
         invocation_original_bytes = $4, invocation_retained_bytes = $5, invocation_truncated = $6 WHERE row_id = $7`,
      [
        write.sequence,
        write.startedAtMs,
        write.payload.payload,
        write.payload.originalBytes,
        write.payload.retainedBytes,
        write.payload.truncated,
        row.row_id,
      ],
    );
  }
  return outcomes;
}

async function writeResults(
  db: Queryable,
  entries: readonly { write: ResultWrite; index: number }[],
  ownerId: string,
  toolOutputRoot: string | undefined,
): Promise<Map<number, BatchOutcome>> {
  const outcomes = new Map<number, BatchOutcome>();
  if (entries.length === 0) return outcomes;
  const writes = entries.map((entry) => entry.write);
  const resultColumns = [
    writes.map((write) => toolRecordId("invocation", write)),
    writes.map((write) => toolRecordId("result", write)),
    writes.map((write) => write.sequence),
    writes.map((write) => write.state),
    writes.map((write) => write.failureKind ?? null),
    writes.map((write) => write.detailCode ?? null),
    writes.map((write) => write.endedAtMs),
    writes.map((write) => write.executionMs ?? null),
    writes.map((write) => write.payload.payload),
    writes.map((write) => write.payload.originalBytes),
    writes.map((write) => write.payload.retainedBytes),
    writes.map((write) => write.payload.truncated),
    writes.map((write) => JSON.stringify(acceptArtifacts(toolOutputRoot, write.runId, write.artifactPaths))),
    writes.map((write) => searchPart(`\n${write.payload.payload}`)),
  ];
  const updated = await db.query<{ invocation_record_id: string }>(
    `UPDATE session_tool_calls AS t SET result_record_id = w.result_record_id, end_sequence = w.end_sequence,
       state = w.state, failure_kind = w.failure_kind, detail_code = w.detail_code, ended_at_ms = w.ended_at_ms,
       execution_ms = w.execution_ms, result_payload = w.result_payload, result_original_bytes = w.original_bytes,
       result_retained_bytes = w.retained_bytes, result_truncated = w.truncated, artifacts = w.artifacts,
       search_text = t.search_text || w.search_tail
     FROM unnest($1::text[], $2::text[], $3::integer[], $4::text[], $5::text[], $6::text[], $7::bigint[], $8::bigint[],
       $9::text[], $10::integer[], $11::integer[], $12::boolean[], $13::text[], $14::text[])
       AS w(invocation_record_id, result_record_id, end_sequence, state, failure_kind, detail_code, ended_at_ms,
         execution_ms, result_payload, original_bytes, retained_bytes, truncated, artifacts, search_tail)
     WHERE t.invocation_record_id = w.invocation_record_id AND t.result_record_id IS NULL
     RETURNING t.invocation_record_id`,
    resultColumns,
  );
  const done = new Set(updated.rows.map((row) => row.invocation_record_id));
  const rest = entries.filter((entry) => !done.has(toolRecordId("invocation", entry.write)));
  if (rest.length === 0) return outcomes;
  const existing = await db.query<{
    invocation_record_id: string;
    result_payload: string | null;
    state: string | null;
  }>(
    "SELECT invocation_record_id, result_payload, state FROM session_tool_calls WHERE invocation_record_id = ANY($1::text[])",
    [rest.map((entry) => toolRecordId("invocation", entry.write))],
  );
  const byId = new Map(existing.rows.map((row) => [row.invocation_record_id, row]));
  const missing: { write: ResultWrite; index: number }[] = [];
  for (const entry of rest) {
    const row = byId.get(toolRecordId("invocation", entry.write));
    if (!row) missing.push(entry);
    else if (row.result_payload !== entry.write.payload.payload || row.state !== entry.write.state)
      outcomes.set(entry.index, conflict(toolRecordId("result", entry.write)));
  }
  if (missing.length > 0)
    await insertResultsAlone(
      db,
      missing.map((entry) => entry.write),
      ownerId,
      toolOutputRoot,
    );
  return outcomes;
}

/** Rows for results whose invocation was never recorded: a placeholder invocation, as in SQLite. */
async function insertResultsAlone(
  db: Queryable,
  writes: readonly ResultWrite[],
  ownerId: string,
  toolOutputRoot: string | undefined,
): Promise<void> {
  await db.query(
    `INSERT INTO session_tool_calls (${IDENTITY_INSERT_COLUMNS}, start_sequence, started_at_ms, invocation_payload,
       invocation_original_bytes, invocation_retained_bytes, invocation_truncated, result_record_id, end_sequence,
       state, failure_kind, detail_code, ended_at_ms, execution_ms, result_payload, result_original_bytes,
       result_retained_bytes, result_truncated, artifacts, search_text)
     SELECT i, c, s, r, t, n, iso, rs, o, seq, st, $10::text, 0, 0, false, rr, seq, state, fk, dc, ea, em, rp, ro, rb, tr, a, x
     FROM unnest(${IDENTITY_UNNEST_TYPES}, $11::integer[], $12::bigint[], $13::text[], $14::text[], $15::text[],
       $16::text[], $17::bigint[], $18::bigint[], $19::text[], $20::integer[], $21::integer[], $22::boolean[],
       $23::text[], $24::text[])
       AS w(i, c, s, r, t, n, iso, rs, o, seq, st, rr, state, fk, dc, ea, em, rp, ro, rb, tr, a, x)
     ON CONFLICT (invocation_record_id) DO NOTHING`,
    [
      ...identityColumns(writes, ownerId),
      MISSING_INVOCATION_PAYLOAD,
      writes.map((write) => write.sequence),
      writes.map((write) => write.endedAtMs - (write.executionMs ?? 0)),
      writes.map((write) => toolRecordId("result", write)),
      writes.map((write) => write.state),
      writes.map((write) => write.failureKind ?? null),
      writes.map((write) => write.detailCode ?? null),
      writes.map((write) => write.endedAtMs),
      writes.map((write) => write.executionMs ?? null),
      writes.map((write) => write.payload.payload),
      writes.map((write) => write.payload.originalBytes),
      writes.map((write) => write.payload.retainedBytes),
      writes.map((write) => write.payload.truncated),
      writes.map((write) =>
        JSON.stringify(acceptArtifacts(toolOutputRoot, write.runId, write.artifactPaths)),
      ),
      writes.map((write) =>
        searchPart(`${write.toolName}\n${MISSING_INVOCATION_PAYLOAD}\n${write.payload.payload}`),
      ),
    ],
  );
}

function conflict(recordId: string): BatchOutcome {
  return {
    ok: false,
    conflict: true,
    message: `The record ${recordId} was already written with different content; a retry must repeat the same write.`,
  };
}
