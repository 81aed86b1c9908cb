// Remember and MemoryJournal latency of the lite store with 10,000 and 100,000 facts over 1,000
// daily files, each figure beside its baseline measured in the same run; then MemoryRecall p50 of
// lite and of the journal tier (FTS5 + vectors, in-process fake embedder, BENCH_DIM default 384) and
// the journal's indexing throughput, on the same files. Run after
// `pnpm --filter @mono-agent/memory build`:
//   node bench/memory/run.mjs            (both sizes)
//   node bench/memory/run.mjs 10000      (one size)
// Targets at 100,000 facts: Remember p50 < 5 ms and >= 50x faster than a rescan of every canonical
// file per call; MemoryJournal p50 < 20 ms for a 31-day window.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "../../packages/memory/node_modules/@modelcontextprotocol/sdk/dist/esm/client/index.js";
import { InMemoryTransport } from "../../packages/memory/node_modules/@modelcontextprotocol/sdk/dist/esm/inMemory.js";
import { createNodeAuthenticatedCursorCodec } from "../../packages/evidence/dist/node.js";
import {
  createMemoryJournalRunState,
  createMemoryJournalServer,
  formatBullet,
  parseBullets,
} from "../../packages/memory/dist/index.js";
import { createHash } from "node:crypto";
import { createEmbeddingsClient, openJournalMemoryStore } from "../../packages/memory/dist/journal/index.js";
import { contentHash, openLiteMemoryStore } from "../../packages/memory/dist/lite/index.js";

const DAILY_FILES = 1_000;
const REMEMBER_SAMPLES = 200;
const BASELINE_SAMPLES = 10;
const JOURNAL_SAMPLES = 50;
const RECALL_SAMPLES = 50;
/** Vector dimension of the journal case (384: bge-small / all-MiniLM class models). */
const DIM = Number(process.env.BENCH_DIM ?? 384);

/** An in-process embeddings "model" (a fetch stub): pseudo-random unit vectors seeded by the text. */
const fakeFetch = async (_url, init) => {
  const { input } = JSON.parse(String(init.body));
  const data = input.map((text, index) => {
    let seed = createHash("sha256").update(text).digest().readUInt32LE(0) || 1;
    const embedding = new Array(DIM);
    for (let i = 0; i < DIM; i++) {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      embedding[i] = ((seed >>> 0) / 4294967296) * 2 - 1;
    }
    return { index, embedding };
  });
  return new Response(JSON.stringify({ data }), { status: 200 });
};
const FIRST_DAY = Date.UTC(2023, 0, 1);
const DAY_MS = 86_400_000;

const p50 = (samples) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];
const ms = (value) => `${value.toFixed(3)} ms`;
const time = (fn) => {
  const start = process.hrtime.bigint();
  const result = fn();
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, result };
};
const timeAsync = async (fn) => {
  const start = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
};

function seed(root, facts) {
  mkdirSync(join(root, "daily"), { recursive: true });
  const perDay = facts / DAILY_FILES;
  for (let day = 0; day < DAILY_FILES; day++) {
    const date = new Date(FIRST_DAY + day * DAY_MS).toISOString().slice(0, 10);
    const blocks = [];
    for (let n = 0; n < perDay; n++) {
      const text = `Fact ${day * perDay + n}: the service ${n % 37} runs on host-${day % 97} with ${n} workers`;
      blocks.push(
        formatBullet({
          id: contentHash(text),
          text,
          type: "note",
          status: "open",
          salience: 0.5,
          isInsight: false,
          created: new Date(FIRST_DAY + day * DAY_MS + n * 60_000).toISOString(),
          refs: [],
          extra: {},
        }),
      );
    }
    writeFileSync(join(root, "daily", `${date}.md`), `# ${date}\n\n${blocks.join("\n")}\n`);
  }
}

/** The baseline: no index, every canonical file read and parsed per call to find the id. */
function rescanFind(root, text) {
  const id = contentHash(text);
  for (const name of readdirSync(join(root, "daily"))) {
    if (parseBullets(readFileSync(join(root, "daily", name), "utf8")).some((bullet) => bullet.id === id))
      return true;
  }
  return false;
}

async function journalClient(store, runId) {
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const run = createMemoryJournalRunState({ runId, cursorCodec: createNodeAuthenticatedCursorCodec() });
  await createMemoryJournalServer({ store, run }).connect(serverSide);
  const client = new Client({ name: "bench", version: "1" });
  await client.connect(clientSide);
  return client;
}

async function benchSize(facts) {
  const root = join(mkdtempSync(join(tmpdir(), "mono-agent-memory-bench-")), "memory");
  seed(root, facts);
  const opened = time(() =>
    openLiteMemoryStore({ root, now: () => new Date(FIRST_DAY + DAILY_FILES * DAY_MS) }),
  );
  const store = opened.result;
  console.log(
    `\n${facts.toLocaleString("en")} facts over ${DAILY_FILES} daily files (index built on first open in ${ms(opened.ms)})`,
  );

  const newFact = [];
  for (let index = 0; index < REMEMBER_SAMPLES; index++) {
    newFact.push(await timeAsync(() => store.remember({ text: `Bench new fact ${index} for ${facts}` })));
  }
  const duplicate = [];
  for (let index = 0; index < REMEMBER_SAMPLES; index++) {
    duplicate.push(
      await timeAsync(() =>
        store.remember({
          text: `Fact ${(index * 7919) % facts}: the service ${(((index * 7919) % facts) % (facts / DAILY_FILES)) % 37} runs on host-${Math.floor(((index * 7919) % facts) / (facts / DAILY_FILES)) % 97} with ${((index * 7919) % facts) % (facts / DAILY_FILES)} workers`,
        }),
      ),
    );
  }
  const rescan = [];
  for (let index = 0; index < BASELINE_SAMPLES; index++)
    rescan.push(time(() => rescanFind(root, `missing fact ${index}`)).ms);

  const journal = [];
  const journalBaseline = [];
  for (let index = 0; index < JOURNAL_SAMPLES; index++) {
    const fromDay = FIRST_DAY + ((index * 13) % (DAILY_FILES - 31)) * DAY_MS;
    const fromDate = new Date(fromDay).toISOString().slice(0, 10);
    const throughDate = new Date(fromDay + 30 * DAY_MS).toISOString().slice(0, 10);
    const client = await journalClient(store, `bench-${index}`);
    journal.push(
      await timeAsync(() =>
        client.callTool({
          name: "MemoryJournal",
          arguments: { fromDate, throughDate, timeZone: "Europe/Amsterdam", limit: 10 },
        }),
      ),
    );
    await client.close();
    journalBaseline.push(
      time(() => {
        const entries = [];
        for (let day = 0; day < 31; day++) {
          const date = new Date(fromDay + day * DAY_MS).toISOString().slice(0, 10);
          entries.push(...parseBullets(readFileSync(join(root, "daily", `${date}.md`), "utf8")));
        }
        return entries.length;
      }).ms,
    );
  }
  const queries = Array.from(
    { length: RECALL_SAMPLES },
    (_, index) => `service ${index % 37} host-${(index * 7) % 97}`,
  );
  const liteRecall = [];
  for (const query of queries) liteRecall.push(await timeAsync(() => store.recall({ query, limit: 8 })));
  store.close();

  // journal: the same canonical files and FTS index, plus vectors (indexed from scratch here).
  const indexing = process.hrtime.bigint();
  const journalStore = openJournalMemoryStore({
    root,
    embeddings: createEmbeddingsClient({
      endpoint: "http://127.0.0.1:9",
      model: "bench-embed",
      dim: DIM,
      timeoutMs: 60_000,
      fetch: fakeFetch,
    }),
    circuitBreaker: { failureThreshold: 3, cooldownMs: 1_000 },
  });
  while (journalStore.indexingStatus().missingVectors > 0) await journalStore.flush();
  const indexingMs = Number(process.hrtime.bigint() - indexing) / 1e6;
  const vectors = journalStore.indexingStatus().vectors;
  const journalRecall = [];
  for (const query of queries)
    journalRecall.push(await timeAsync(() => journalStore.recallWithStatus({ query, limit: 8 })));
  journalStore.close();
  rmSync(join(root, ".."), { recursive: true, force: true });

  const rescanP50 = p50(rescan);
  console.log(
    `  Remember p50, new fact        ${ms(p50(newFact)).padStart(12)}   baseline rescan of every file per call ${ms(rescanP50)}   (${(rescanP50 / p50(newFact)).toFixed(0)}x)`,
  );
  console.log(
    `  Remember p50, duplicate       ${ms(p50(duplicate)).padStart(12)}   baseline rescan of every file per call ${ms(rescanP50)}   (${(rescanP50 / p50(duplicate)).toFixed(0)}x)`,
  );
  console.log(
    `  MemoryJournal p50, 31 days    ${ms(p50(journal)).padStart(12)}   baseline read+parse of the 31 daily files ${ms(p50(journalBaseline))} (no paging, no safety filter)`,
  );
  console.log(
    `  MemoryRecall p50, lite        ${ms(p50(liteRecall)).padStart(12)}   (FTS5, ${RECALL_SAMPLES} queries, limit 8)`,
  );
  console.log(
    `  MemoryRecall p50, journal     ${ms(p50(journalRecall)).padStart(12)}   (FTS5 + exact vector search over ${vectors.toLocaleString("en")} x ${DIM} dims + RRF; in-process fake embedder)`,
  );
  console.log(
    `  journal indexing              ${(vectors / (indexingMs / 1000)).toFixed(0).padStart(9)} /s   (${vectors.toLocaleString("en")} vectors in ${ms(indexingMs)}, batches of 32 through the bounded queue; the in-process fake model, JSON included)`,
  );
  return {
    facts,
    rememberNew: p50(newFact),
    rememberDuplicate: p50(duplicate),
    rescan: rescanP50,
    journal: p50(journal),
  };
}

const sizes = process.argv[2] ? [Number(process.argv[2])] : [10_000, 100_000];
console.log(
  `Node ${process.version}, ${REMEMBER_SAMPLES} Remember calls per case, ${BASELINE_SAMPLES} rescans, ${JOURNAL_SAMPLES} MemoryJournal first calls (fresh snapshot each).`,
);
for (const facts of sizes) {
  const result = await benchSize(facts);
  if (facts === 100_000) {
    const verdict = (ok) => (ok ? "met" : "NOT met");
    console.log(
      `  targets: Remember p50 < 5 ms ${verdict(Math.max(result.rememberNew, result.rememberDuplicate) < 5)}; >= 50x rescan ${verdict(result.rescan / Math.max(result.rememberNew, result.rememberDuplicate) >= 50)}; MemoryJournal p50 < 20 ms ${verdict(result.journal < 20)}`,
    );
  }
}
