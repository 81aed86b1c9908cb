// RunHistory bench: run after `pnpm --filter @mono-agent/run-history build`, from the repo root:
//   node bench/run-history/run.mjs [sizes...]        (default: 1000 10000 50000)
// For each size, records that many settled runs in ONE conversation (the worst case: every run is in
// scope), then times the RunHistory tool in process (`callRunHistory`, no HTTP) for `{}` (list) and a
// `{ query }` search, p50/p95 (the host's search cache warm, as in a running app; the first, cold search is
// printed apart), beside a baseline in the same process that reads the same summaries from one
// JSON file per run (`run-<id>.summary.json`, the v0 layout) and lists or searches them the same way.
// Timings vary by machine; the exit code is 0 either way.
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const runHistoryDir = join(repoRoot, "packages", "run-history");
const { openRunStore, createRunEventReader } = await import(join(runHistoryDir, "dist", "sqlite.js"));
const { callRunHistory, createRunSearchCache, searchTermsOf } = await import(
  join(runHistoryDir, "dist", "index.js")
);
const { shortDigest } = await import(
  pathToFileURL(join(runHistoryDir, "node_modules", "@mono-agent", "evidence", "dist", "node.js")).href
);

/** Store sizes: the issue's 1,000, 10,000 and 50,000 (retention's default maxCount). */
const SIZES = process.argv
  .slice(2)
  .map(Number)
  .filter((size) => size > 0);
if (SIZES.length === 0) SIZES.push(1_000, 10_000, 50_000);
/** Timed calls per measurement of the tool (after warm-up). */
const TOOL_REPEATS = 40;
/** Timed calls per measurement of the baseline (each reads every file). */
const BASELINE_REPEATS = 7;
const WARM_UP = 3;
/** Targets at 50,000 runs (issue 7). */
const TARGET_P50_MS = 25;
const TARGET_SPEEDUP = 20;

const WORDS = [
  "flights",
  "north",
  "spain",
  "newsletter",
  "unsubscribe",
  "deploy",
  "tests",
  "report",
  "weather",
  "budget",
  "invoice",
  "calendar",
  "backup",
  "migrate",
  "review",
  "translate",
];
const QUERY = "north spain flights";
const CONVERSATION = "telegram:42";
const owner = { pid: process.pid, startToken: "bench", host: "bench" };
const STATUSES = ["succeeded", "succeeded", "succeeded", "failed", "cancelled", "interrupted"];

const percentile = (values, p) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))];
const fixed = (value) =>
  value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);

function triggerOf(index) {
  const pick = (step) => WORDS[(index * step + step) % WORDS.length];
  return `please ${pick(7)} the ${pick(3)} items ${pick(5)} for batch ${index} and send a short summary`;
}

async function seed(size, workDir) {
  const store = openRunStore({ file: join(workDir, "runs.sqlite") });
  const summariesDir = join(workDir, "summaries");
  await mkdir(summariesDir);
  const base = Date.parse("2026-01-01T00:00:00Z");
  for (let index = 0; index < size; index += 1) {
    const runId = `run-${String(index).padStart(6, "0")}`;
    const startedAtMs = base + index * 60_000;
    const status = STATUSES[index % STATUSES.length];
    await store.beginRun({
      runId,
      conversationId: `${CONVERSATION}#2026-01-${String((index % 28) + 1).padStart(2, "0")}`,
      startedAtMs,
      model: "openai:gpt-5",
      source: "telegram",
      userInput: triggerOf(index),
      owner,
    });
    const completion = {
      status,
      updatedAtMs: startedAtMs + 30_000,
      endedAtMs: startedAtMs + 30_000,
      durationMs: 30_000,
      eventCount: 12,
      eventsDropped: 0,
      toolCallCount: 3,
      toolErrorCount: status === "failed" ? 1 : 0,
      tools: [
        { name: "Read", calls: 2, errors: 0 },
        { name: "Bash", calls: 1, errors: status === "failed" ? 1 : 0 },
      ],
      warnings: [],
      usage: { inputTokens: 1200, outputTokens: 300, totalTokens: 1500, costUsd: 0.01 },
      mcpServersUsed: [],
      ...(status !== "succeeded"
        ? {
            failureKind:
              status === "failed" ? "provider_error" : status === "cancelled" ? "cancelled" : "process_death",
          }
        : {}),
      finalOutput: "Done: the summary was sent.",
    };
    await store.completeRun(runId, completion);
    const summary = await store.getRun(runId);
    await writeFile(join(summariesDir, `${runId}.summary.json`), JSON.stringify(summary));
  }
  return { store, summariesDir };
}

/** The baseline: every summary file read and parsed, then filtered, sorted and listed or searched like the tool. */
async function baseline(summariesDir, mode) {
  const names = (await readdir(summariesDir)).filter((name) => name.endsWith(".summary.json"));
  // Synchronous reads: the fastest way to read many small files in one process (no open-file limit to hit).
  const summaries = names.map((name) => JSON.parse(readFileSync(join(summariesDir, name), "utf8")));
  const inScope = summaries
    .filter(
      (run) =>
        run.logicalConversationId === CONVERSATION && run.status !== "running" && run.runId !== "run-now",
    )
    .sort(
      (left, right) => right.updatedAt.localeCompare(left.updatedAt) || (left.runId < right.runId ? 1 : -1),
    );
  if (mode === "list") return inScope.slice(0, 5);
  const terms = searchTermsOf(QUERY);
  const scored = inScope.map((run) => {
    const haystack = [
      run.runId,
      run.status,
      run.startedAt,
      run.endedAt ?? "",
      run.model,
      run.effort ?? "",
      run.source,
      run.sourceDetail ?? "",
      run.failureKind ?? "",
      run.userInput.slice(0, 512),
    ]
      .join("\u0000")
      .normalize("NFKC")
      .toLocaleLowerCase("en-US");
    return { run, score: terms.filter((term) => haystack.includes(term)).length };
  });
  const full = scored.filter((entry) => entry.score === terms.length);
  return (
    full.length > 0 ? full : scored.filter((entry) => entry.score > 0).sort((a, b) => b.score - a.score)
  ).slice(0, 5);
}

async function time(repeats, work) {
  for (let index = 0; index < WARM_UP; index += 1) await work();
  const samples = [];
  for (let index = 0; index < repeats; index += 1) {
    const start = performance.now();
    await work();
    samples.push(performance.now() - start);
  }
  return { p50: percentile(samples, 0.5), p95: percentile(samples, 0.95) };
}

const rows = [];
for (const size of SIZES) {
  const workDir = await mkdtemp(join(tmpdir(), "mono-agent-bench-run-history-"));
  try {
    const seedStart = performance.now();
    const { store, summariesDir } = await seed(size, workDir);
    const seedSeconds = (performance.now() - seedStart) / 1_000;
    // As the app composes it: one search cache per host, so settled runs are folded once, not per call.
    const context = {
      store,
      readEvents: createRunEventReader(workDir),
      runId: "run-now",
      conversationId: `${CONVERSATION}#2026-02-01`,
      rollover: "daily",
      digest: shortDigest,
      searchCache: createRunSearchCache(),
    };
    const listed = await callRunHistory(context, {});
    const coldStart = performance.now();
    const searched = await callRunHistory(context, { query: QUERY });
    const coldSearch = performance.now() - coldStart;
    if (listed.isError || searched.isError)
      throw new Error(
        `the tool failed: ${JSON.stringify((listed.isError ? listed : searched).structuredContent)}`,
      );
    const matches = searched.structuredContent.hasMore
      ? `>${searched.structuredContent.count}`
      : String(searched.structuredContent.count);
    const list = await time(TOOL_REPEATS, () => callRunHistory(context, {}));
    const search = await time(TOOL_REPEATS, () => callRunHistory(context, { query: QUERY }));
    const listBaseline = await time(BASELINE_REPEATS, () => baseline(summariesDir, "list"));
    const searchBaseline = await time(BASELINE_REPEATS, () => baseline(summariesDir, "search"));
    rows.push({ size, seedSeconds, list, search, listBaseline, searchBaseline, matches, coldSearch });
    await store.close();
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

console.log(
  `RunHistory in process (callRunHistory), every run in one conversation; query ${JSON.stringify(QUERY)}.`,
);
console.log(
  "runs     | list p50 / p95 ms | baseline list p50 / p95 ms | speed-up | search p50 / p95 ms | baseline search p50 / p95 ms | speed-up",
);
for (const row of rows) {
  const speedList = row.listBaseline.p50 / row.list.p50;
  const speedSearch = row.searchBaseline.p50 / row.search.p50;
  console.log(
    `${String(row.size).padEnd(8)} | ${fixed(row.list.p50)} / ${fixed(row.list.p95)}`.padEnd(30) +
      ` | ${fixed(row.listBaseline.p50)} / ${fixed(row.listBaseline.p95)}`.padEnd(29) +
      ` | ${fixed(speedList)}x`.padEnd(11) +
      ` | ${fixed(row.search.p50)} / ${fixed(row.search.p95)}`.padEnd(22) +
      ` | ${fixed(row.searchBaseline.p50)} / ${fixed(row.searchBaseline.p95)}`.padEnd(31) +
      ` | ${fixed(speedSearch)}x`,
  );
}
console.log(
  "\nGrowth of p50 with the number of runs (ratio of p50 to the previous size's p50, and the run-count ratio):",
);
for (let index = 1; index < rows.length; index += 1) {
  const [before, after] = [rows[index - 1], rows[index]];
  const grow = (key) => fixed(after[key].p50 / before[key].p50);
  console.log(
    `${before.size} -> ${after.size} runs (x${fixed(after.size / before.size)}): list x${grow("list")}, search x${grow("search")}, baseline list x${grow("listBaseline")}, baseline search x${grow("searchBaseline")}`,
  );
}
const largest = rows.find((row) => row.size === 50_000);
if (largest) {
  for (const [name, tool, base] of [
    ["list", largest.list, largest.listBaseline],
    ["search", largest.search, largest.searchBaseline],
  ]) {
    const speedUp = base.p50 / tool.p50;
    console.log(
      `50,000 runs ${name}: p50 ${fixed(tool.p50)} ms (target < ${TARGET_P50_MS} ms: ${tool.p50 < TARGET_P50_MS ? "met" : "NOT met"}), ` +
        `${fixed(speedUp)}x the baseline (target >= ${TARGET_SPEEDUP}x: ${speedUp >= TARGET_SPEEDUP ? "met" : "NOT met"})`,
    );
  }
}
console.log(
  `First search of a fresh host (cache empty, every run read once): ${rows.map((row) => `${row.size} runs ${fixed(row.coldSearch)} ms`).join(", ")}.`,
);
console.log(
  `Load average at the end (1/5/15 min): ${loadavg()
    .map((value) => value.toFixed(2))
    .join(" / ")} on this machine.`,
);
console.log(
  `Seeding (not timed above): ${rows.map((row) => `${row.size} runs ${row.seedSeconds.toFixed(1)} s`).join(", ")}; search matched ${rows.map((row) => row.matches).join(", ")} run(s) on its first page.`,
);
