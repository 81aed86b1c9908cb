// bench/cli-start: cold start of the mono-agent CLI, after a build, from the repo root:
//   node bench/cli-start/run.mjs
// In one run, each figure beside the baselines measured in the same run (`node -e 0`, and the cold import
// of @earendil-works/pi-agent-core alone): `--help`, `validate` and `mcp list` on the quickstart, and a cold
// `mono-agent run` on the quickstart (time to its first event and to exit). Targets: --help and validate
// under 300 ms; run's first event within 1.5x the pi-agent-core import. Exit code 0 either way.
import { spawn } from "node:child_process";
import { cpSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const agentDir = join(root, "apps", "agent");
const bin = join(agentDir, "bin", "mono-agent.js");
/** Runs per figure (short commands) and per run figure (a demo run takes seconds). */
const RUNS = Number(process.env.BENCH_RUNS ?? 11);
const RUN_RUNS = Number(process.env.BENCH_RUN_RUNS ?? 5);
/** Targets of issue #17. */
const HELP_VALIDATE_TARGET_MS = 300;
const FIRST_EVENT_FACTOR = 1.5;

/** Wall time of one process, and the time of its first stdout byte. */
function timeOnce(args, cwd) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let firstOutput;
    const child = spawn(process.execPath, args, { cwd, stdio: ["ignore", "pipe", "ignore"] });
    child.stdout.on("data", () => {
      firstOutput ??= performance.now() - started;
    });
    child.on("error", reject);
    child.on("close", (code) => {
      if (code !== 0 && code !== 1) reject(new Error(`${args.join(" ")} exited ${code}`));
      else resolve({ total: performance.now() - started, first: firstOutput ?? Number.NaN });
    });
  });
}

/**
 * Time until the quickstart's stdio server (`mono-agent mcp-example`) answers `initialize`: its own boot,
 * which a cold run overlaps with loading the model stack (the run starts it right after the config).
 */
function serverBootOnce(cwd) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [bin, "mcp-example"], { cwd, stdio: ["pipe", "pipe", "ignore"] });
    child.on("error", reject);
    child.stdout.once("data", () => {
      resolve({ total: performance.now() - started, first: Number.NaN });
      child.stdin.end();
    });
    const params = {
      protocolVersion: "2025-06-18",
      capabilities: {},
      clientInfo: { name: "bench", version: "1" },
    };
    child.stdin.write(`${JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params })}\n`);
  });
}

async function measure(args, cwd, runs) {
  const samples = [];
  for (let index = 0; index < runs; index += 1) samples.push(await timeOnce(args, cwd));
  const median = (key) => {
    const sorted = samples.map((sample) => sample[key]).sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)];
  };
  return { total: median("total"), first: median("first") };
}

const quickstart = mkdtempSync(join(tmpdir(), "bench-cli-start-"));
cpSync(join(root, "examples", "quickstart"), quickstart, { recursive: true });
writeFileSync(
  join(quickstart, "mcp.json"),
  JSON.stringify({
    mcpServers: { "quickstart-tools": { command: process.execPath, args: [bin, "mcp-example"] } },
  }),
);
const importOnly = (specifier) => ["--input-type=module", "-e", `await import(${JSON.stringify(specifier)})`];
try {
  const baseline = await measure(["-e", "0"], root, RUNS);
  const piCore = await measure(importOnly("@earendil-works/pi-agent-core"), agentDir, RUNS);
  // pi-coding-agent is no longer a dependency of the agent (its four tools are ours); it stays a
  // devDependency of packages/tools, so its import cost can still be shown beside the run.
  const codingAgent = await measure(
    importOnly("@earendil-works/pi-coding-agent"),
    join(root, "packages", "tools"),
    RUNS,
  );
  const help = await measure([bin, "--help"], root, RUNS);
  const validate = await measure([bin, "validate"], quickstart, RUNS);
  const mcpList = await measure([bin, "mcp", "list"], quickstart, RUN_RUNS);
  const serverBoot = [];
  for (let index = 0; index < RUN_RUNS; index += 1) serverBoot.push((await serverBootOnce(quickstart)).total);
  serverBoot.sort((a, b) => a - b);
  const run = await measure([bin, "run", "--json", "What is 17 * 23?"], quickstart, RUN_RUNS);
  const ms = (value) => `${value.toFixed(0)} ms`;
  const verdict = (ok) => (ok ? "met" : "MISSED");
  console.log(
    `cold CLI start, median of ${RUNS} (run and mcp list: ${RUN_RUNS}) on ${process.version}, load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(" ")}:`,
  );
  console.log(`  baseline node -e 0                      ${ms(baseline.total)}`);
  console.log(`  baseline import pi-agent-core alone     ${ms(piCore.total)}`);
  console.log(
    `  import pi-coding-agent alone            ${ms(codingAgent.total)} (no longer loaded by run: Read, Write, Edit and Bash are our own)`,
  );
  console.log(
    `  mono-agent --help                       ${ms(help.total)} (+${ms(help.total - baseline.total)} over node -e 0; target < ${HELP_VALIDATE_TARGET_MS} ms: ${verdict(help.total < HELP_VALIDATE_TARGET_MS)})`,
  );
  console.log(
    `  mono-agent validate (quickstart)        ${ms(validate.total)} (+${ms(validate.total - baseline.total)} over node -e 0; target < ${HELP_VALIDATE_TARGET_MS} ms: ${verdict(validate.total < HELP_VALIDATE_TARGET_MS)})`,
  );
  console.log(
    `  mono-agent mcp list (quickstart)        ${ms(mcpList.total)} (one stdio server spawned and closed)`,
  );
  console.log(
    `  mono-agent run: first event             ${ms(run.first)} (${(run.first / piCore.total).toFixed(2)}x the pi-agent-core import; target <= ${FIRST_EVENT_FACTOR}x: ${verdict(run.first <= FIRST_EVENT_FACTOR * piCore.total)})`,
  );
  console.log(`  mono-agent run: exit                    ${ms(run.total)}`);
  console.log(
    `  its stdio server answers initialize     ${ms(serverBoot[Math.floor(serverBoot.length / 2)])} (mcp-example alone; the run starts it right after reading the config)`,
  );
} finally {
  rmSync(quickstart, { recursive: true, force: true });
}
