// bench/validate: cold wall time of `mono-agent validate` on the quickstart folder, beside `node -e 0`
// measured in the same run (target: validate under 300 ms; it must never load the model stack).
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../..", import.meta.url));
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

function wallTimes(args) {
  const times = [];
  for (let index = 0; index < RUNS; index += 1) {
    const started = performance.now();
    const result = spawnSync(process.execPath, args, { cwd: root, stdio: "ignore" });
    times.push(performance.now() - started);
    if (result.status !== 0) throw new Error(`${args.join(" ")} exited ${result.status}`);
  }
  return times.sort((a, b) => a - b);
}
const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

const baseline = wallTimes(["-e", "0"]);
const validate = wallTimes([
  "apps/agent/bin/mono-agent.js",
  "validate",
  "--config",
  "examples/quickstart/mono-agent.config.json",
]);
const format = (ms) => `${ms.toFixed(0)} ms`;
console.log(
  `validate cold wall time over ${RUNS} runs: p50 ${format(percentile(validate, 50))}, p95 ${format(percentile(validate, 95))} (baseline node -e 0: p50 ${format(percentile(baseline, 50))}, p95 ${format(percentile(baseline, 95))}); validate adds ${format(percentile(validate, 50) - percentile(baseline, 50))} at p50; target under 300 ms`,
);
