// Run records for bench/storage/run.mjs: run start + settle through the recorder (the path every run of
// the agent takes), and RunHistory search over a store seeded with many settled runs, on SQLite
// (runs.sqlite + events files) and on PostgreSQL (the shared store: runs, run_events).
import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { shortDigest } from "../../packages/evidence/dist/node.js";
import { callRunHistory, createRunSearchCache } from "../../packages/run-history/dist/index.js";
import {
  createPostgresRunEventReader,
  createPostgresRunEventSink,
  openPostgresRunStore,
  RUN_STORE_POSTGRES_MIGRATIONS,
} from "../../packages/run-history/dist/postgres.js";
import {
  createRunEventReader,
  createRunEventsFileSink,
  createRunRecorder,
  openRunStore,
  runStoreFile,
} from "../../packages/run-history/dist/sqlite.js";
import { migratePostgres, openPostgresPool } from "../../packages/storage/dist/postgres.js";

/** Events one benched run records between its start and its settle (a short turn with tool calls). */
const EVENTS_PER_RUN = 20;
/** Timed searches per query once the host's search cache is warm. */
const SEARCH_REPEATS = 20;
/** The conversation every seeded run belongs to: the worst case, every run is in a search's scope. */
const CONVERSATION = "telegram:42";
/** One seeded run in this many carries the rare term. */
const RARE_EVERY = 1_000;
const RARE_TERM = "needle";
const NO_MATCH_TERM = "absentterm";
const WORDS = ["flights", "north", "spain", "deploy", "tests", "report", "weather", "budget", "invoice"];

const percentile = (values, fraction) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
};

/** The SQLite run store of a bench folder and where its events go. */
export function sqliteRuns(dir) {
  mkdirSync(dir, { recursive: true });
  const store = openRunStore({ file: runStoreFile(dir) });
  return {
    store,
    events: createRunEventsFileSink(dir),
    readEvents: createRunEventReader(dir),
    seed: (count) => seedSqlite(runStoreFile(dir), count),
    close: () => store.close(),
  };
}

/** The shared PostgreSQL run store in `schema` of `server` (migrated here). */
export async function postgresRuns(server, schema) {
  const postgres = openPostgresPool({ url: server.url, schema });
  await migratePostgres(postgres, [RUN_STORE_POSTGRES_MIGRATIONS]);
  return {
    store: openPostgresRunStore({ postgres }),
    events: createPostgresRunEventSink(postgres),
    readEvents: createPostgresRunEventReader(postgres),
    seed: (count) => seedPostgres(postgres.pool, count),
    close: () => postgres.close(),
  };
}

/**
 * Records `count` runs one after another through the recorder: open the run record (`running`), record
 * EVENTS_PER_RUN events, settle it (final events written, summary settled). Per run p50/p95 in ms.
 */
export async function runStartAndSettle(runs, count) {
  const recorder = createRunRecorder({ store: runs.store, events: runs.events });
  const samples = [];
  for (let index = 0; index < count; index++) {
    const before = performance.now();
    const recording = await recorder.startRun({
      runId: `bench-run-${index}`,
      conversationId: `web:bench-${index % 20}`,
      startedAt: new Date(),
      model: "demo:demo",
      source: "web",
      userInput: `turn ${index}: look at the report and answer`,
    });
    for (let event = 0; event < EVENTS_PER_RUN; event++)
      recording.record({
        type: "assistant",
        message: { content: [{ type: "text", text: `part ${event} of the answer to turn ${index}` }] },
      });
    await recording.finish({
      status: "succeeded",
      durationMs: 1,
      usage: { inputTokens: 100, outputTokens: 20, totalTokens: 120, costUsd: 0 },
      mcpServersUsed: [],
      finalOutput: `answer ${index}`,
    });
    samples.push(performance.now() - before);
  }
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

const triggerOf = (index) =>
  `please ${WORDS[(index * 7) % WORDS.length]} the ${WORDS[(index * 3 + 1) % WORDS.length]} items for batch ${index}` +
  (index % RARE_EVERY === 7 ? ` ${RARE_TERM}` : "");

/** Seeds `count` settled runs straight into runs.sqlite: one transaction of prepared inserts (the settle trigger numbers them). */
function seedSqlite(file, count) {
  const Database = createRequire(new URL("../../packages/run-history/package.json", import.meta.url))(
    "better-sqlite3",
  );
  const sqlite = new Database(file);
  const insert = sqlite.prepare(`INSERT INTO runs (run_id, conversation_id, logical_conversation_id, status,
      started_at_ms, ended_at_ms, updated_at_ms, duration_ms, model, source, user_input, tool_call_count,
      tools_json, final_output, event_count, owner_pid, owner_start_token, owner_host)
    VALUES (?, ?, ?, ?, ?, ?, ?, 30000, 'openai:gpt-5', 'telegram', ?, 3, ?, 'Done: the summary was sent.', 12, 1, 'bench', 'bench')`);
  const base = Date.parse("2026-01-01T00:00:00Z");
  const tools = JSON.stringify([
    { name: "Read", calls: 2, errors: 0 },
    { name: "Bash", calls: 1, errors: 0 },
  ]);
  try {
    sqlite.transaction(() => {
      for (let index = 0; index < count; index++) {
        const started = base + index * 60_000;
        insert.run(
          `seed-${String(index).padStart(6, "0")}`,
          CONVERSATION,
          CONVERSATION,
          index % 6 === 3 ? "failed" : "succeeded",
          started,
          started + 30_000,
          started + 30_000,
          triggerOf(index),
          tools,
        );
      }
    })();
  } finally {
    sqlite.close();
  }
}

/** Seeds `count` settled runs of the same shape on PostgreSQL in one INSERT … SELECT, numbered as settled. */
async function seedPostgres(pool, count) {
  const base = Date.parse("2026-01-01T00:00:00Z");
  await pool.query(
    `INSERT INTO runs (run_id, conversation_id, logical_conversation_id, status, started_at_ms, ended_at_ms,
       updated_at_ms, duration_ms, model, source, user_input, tool_call_count, tools_json, final_output,
       event_count, owner_pid, owner_start_token, owner_host, settled_sequence)
     SELECT 'seed-' || lpad(i::text, 6, '0'), $1, $1, CASE WHEN i % 6 = 3 THEN 'failed' ELSE 'succeeded' END,
       $2::bigint + i::bigint * 60000, $2::bigint + i::bigint * 60000 + 30000, $2::bigint + i::bigint * 60000 + 30000, 30000,
       'openai:gpt-5', 'telegram',
       'please ' || (ARRAY[${WORDS.map((word) => `'${word}'`).join(", ")}])[(i * 7) % ${WORDS.length} + 1]
         || ' the ' || (ARRAY[${WORDS.map((word) => `'${word}'`).join(", ")}])[(i * 3 + 1) % ${WORDS.length} + 1]
         || ' items for batch ' || i || CASE WHEN i % ${RARE_EVERY} = 7 THEN ' ${RARE_TERM}' ELSE '' END,
       3, $3, 'Done: the summary was sent.', 12, 1, 'bench', 'bench', i + 1
     FROM generate_series(0, $4::integer - 1) AS i`,
    [
      CONVERSATION,
      base,
      JSON.stringify([
        { name: "Read", calls: 2, errors: 0 },
        { name: "Bash", calls: 1, errors: 0 },
      ]),
      count,
    ],
  );
  await pool.query(
    `INSERT INTO run_store_counters (name, value) VALUES ('settled', $1)
     ON CONFLICT (name) DO UPDATE SET value = run_store_counters.value + EXCLUDED.value`,
    [count],
  );
  await pool.query("ANALYZE runs");
}

/**
 * RunHistory `{ query }` over the seeded conversation (one host's search cache, as in a running app): the
 * first (cold) search, which reads every settled run of the scope, then p50 of warm searches, for a
 * rare term (1 run in RARE_EVERY) and a term no run carries. Checks the rare term's match count.
 */
export async function runHistorySearch(runs, seeded) {
  const context = {
    store: runs.store,
    readEvents: runs.readEvents,
    runId: "run-now",
    conversationId: CONVERSATION,
    digest: shortDigest,
    searchCache: createRunSearchCache(),
  };
  const search = async (query) => {
    const before = performance.now();
    const result = await callRunHistory(context, { query, limit: 5 });
    const elapsed = performance.now() - before;
    if (result.isError) throw new Error(JSON.stringify(result.structuredContent));
    return { elapsed, result: result.structuredContent };
  };
  const cold = await search(RARE_TERM);
  const matches = cold.result?.runs?.length ?? 0;
  if (matches !== Math.min(5, Math.ceil((seeded - 7) / RARE_EVERY)))
    throw new Error(`RunHistory found ${matches} runs for "${RARE_TERM}" on ${seeded} runs`);
  const warm = {};
  for (const [label, query] of [
    ["rare", RARE_TERM],
    ["none", NO_MATCH_TERM],
  ]) {
    const samples = [];
    for (let repeat = 0; repeat < SEARCH_REPEATS; repeat++) samples.push((await search(query)).elapsed);
    warm[label] = percentile(samples, 0.5);
  }
  if ((await search(NO_MATCH_TERM)).result?.count !== 0) throw new Error(`"${NO_MATCH_TERM}" matched a run`);
  return { coldMs: cold.elapsed, rareP50: warm.rare, noMatchP50: warm.none };
}
