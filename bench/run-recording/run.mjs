// Run-recording bench: run after `pnpm --filter @mono-agent/run-history build` and
// `pnpm --filter @mono-agent/agent build`, from the repo root:
//   node bench/run-recording/run.mjs
// Prints the recorder's cost per event (µs) and per run (ms), each beside a baseline measured in the
// same process: the same events not recorded, and the same runs with recording off. Timings vary by
// machine; the exit code is 0 either way.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import { createBenchFaux, loadPiAi } from "../faux-model.mjs";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const agentDir = join(repoRoot, "apps", "agent");
const runHistoryDir = join(repoRoot, "packages", "run-history");
const { createRunRecorder, openRunStore } = await import(join(runHistoryDir, "dist", "sqlite.js"));
const { serializeRunEvent } = await import(join(runHistoryDir, "dist", "index.js"));
const { createSecretScanner } = await import(
  pathToFileURL(join(runHistoryDir, "node_modules", "@mono-agent", "evidence", "dist", "index.js")).href
);
const { startMonoAgentApp } = await import(join(agentDir, "dist", "index.js"));
const { fauxAssistantMessage, fauxToolCall } = await loadPiAi(agentDir);

/** Run lengths of the per-event figure: a typical run, and a long one (40 checkpoints by count, ~550 KB file). */
const EVENT_COUNTS = [100, 1_000];
/** Per-event measurements; the median is reported. */
const EVENT_REPEATS = 7;
/** Runs per path of the per-run figure, in alternating blocks. */
const RUNS = 60;
/** Runs per alternating block, so both paths see the same machine noise. */
const BLOCK = 10;
/** Warm-up runs per path (JIT, SQLite page cache). */
const WARM_UP_RUNS = 5;

const median = (values) => [...values].sort((left, right) => left - right)[Math.floor(values.length / 2)];
const fixed = (value, digits = 1) => value.toFixed(digits);
const workDir = await mkdtemp(join(tmpdir(), "mono-agent-bench-recording-"));
const scanner = createSecretScanner({ env: { SERVICE_API_KEY: "bench-secret-value-0123456789" } });

const resultText =
  "line of tool output with a path /home/user/project/src/index.ts:12 and numbers 12345\n".repeat(12);
function eventAt(index) {
  const id = `call-${index}`;
  return index % 2 === 0
    ? {
        type: "assistant",
        message: {
          content: [
            { type: "text", text: "Next I call Read." },
            { type: "tool_use", id, name: "Read", input: { path: "src/index.ts", limit: 200 } },
          ],
        },
      }
    : {
        type: "user",
        message: {
          content: [
            {
              type: "tool_result",
              tool_use_id: id,
              content: [{ type: "text", text: resultText }],
              is_error: false,
            },
          ],
        },
      };
}

async function perEvent(EVENTS) {
  const store = openRunStore({ file: join(workDir, "events-bench.sqlite") });
  const recorder = createRunRecorder({ store, artifactsDir: workDir, secretScanner: scanner });
  const recorded = [];
  const serializeOnly = [];
  const baseline = [];
  for (let repeat = 0; repeat < EVENT_REPEATS; repeat++) {
    let started = performance.now();
    const recording = await recorder.startRun({
      runId: `bench-${EVENTS}-${repeat}`,
      conversationId: "cli:bench",
      startedAt: new Date(),
      model: "faux:bench",
      source: "bench",
      userInput: "bench",
    });
    for (let index = 0; index < EVENTS; index++) recording.record(eventAt(index));
    await recording.finish({
      status: "succeeded",
      durationMs: 1,
      usage: { inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: 0 },
      mcpServersUsed: [],
    });
    recorded.push(((performance.now() - started) * 1_000) / EVENTS);
    started = performance.now();
    for (let index = 0; index < EVENTS; index++)
      serializeRunEvent(eventAt(index), { secretScanner: scanner });
    serializeOnly.push(((performance.now() - started) * 1_000) / EVENTS);
    started = performance.now();
    let sink = 0;
    for (let index = 0; index < EVENTS; index++) sink += eventAt(index).type.length;
    baseline.push(((performance.now() - started) * 1_000 + sink * 0) / EVENTS);
  }
  await store.close();
  console.log(
    `per event (${EVENTS}-event run): ${fixed(median(recorded))} µs recorded (redact + bound + checkpoint writes + summary), of which ${fixed(median(serializeOnly))} µs redact + bound (baseline: ${fixed(median(baseline), 2)} µs to build the event, not recorded)`,
  );
}

async function perRun() {
  const { faux, entry } = await createBenchFaux(agentDir);
  const agentFolder = await mkdtemp(join(workDir, "agent-"));
  const apps = {};
  for (const recordRuns of [true, false]) {
    apps[recordRuns] = await startMonoAgentApp({
      config: { runtime: { model: "faux:bench" }, artifacts: { dir: `artifacts-${recordRuns}` } },
      cwd: agentFolder,
      env: { PATH: process.env.PATH ?? "" },
      customModels: { "faux:bench": entry },
      recordRuns,
    });
  }
  const oneRun = async (recordRuns) => {
    faux.setResponses([
      fauxAssistantMessage([fauxToolCall("Glob", { pattern: "*.json" })], { stopReason: "toolUse" }),
      fauxAssistantMessage("done"),
    ]);
    const started = performance.now();
    const result = await apps[recordRuns].run({
      input: "list the json files",
      conversationId: `cli:bench-${recordRuns}`,
    });
    if (result.status !== "succeeded")
      throw new Error(`bench run ${result.status}: ${result.error?.message}`);
    return performance.now() - started;
  };
  for (let index = 0; index < WARM_UP_RUNS; index++) {
    await oneRun(true);
    await oneRun(false);
  }
  const times = { true: [], false: [] };
  for (let done = 0; done < RUNS; done += BLOCK) {
    for (const recordRuns of [true, false])
      for (let index = 0; index < BLOCK; index++) times[recordRuns].push(await oneRun(recordRuns));
  }
  await apps.true.close();
  await apps.false.close();
  const on = median(times.true);
  const off = median(times.false);
  console.log(
    `per run: ${fixed(on, 2)} ms with recording, ${on >= off ? "+" : ""}${fixed(on - off, 2)} ms for recording (baseline: ${fixed(off, 2)} ms with recording off; faux model, one Glob call, ${RUNS} runs each, median)`,
  );
}

try {
  for (const events of EVENT_COUNTS) await perEvent(events);
  await perRun();
} finally {
  await rm(workDir, { recursive: true, force: true });
}
