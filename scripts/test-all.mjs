// The one test command (README and .ci/run): install, build, lint, type-check, every vitest project,
// and the packed-tarball check. Ends with one line: `tests: N passed, N failed`.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { bootstrap, run, runCaptured } from "./bootstrap.mjs";

const installStarted = Date.now();
const pnpm = bootstrap();
const failures = [];
const timings = [["install", Date.now() - installStarted]];
const step = (label, argv) => {
  console.log(`\n== ${label} ==`);
  const started = Date.now();
  if (run(argv) !== 0) failures.push(label);
  timings.push([label, Date.now() - started]);
};
/** Runs steps at once, each one's output held and printed whole when it ends (no interleaved lines). */
const concurrentSteps = async (steps) => {
  const started = Date.now();
  await Promise.all(
    steps.map(async ([label, argv]) => {
      const { status, output } = await runCaptured(argv);
      console.log(`\n== ${label} ==\n${output}`);
      if (status !== 0) failures.push(label);
    }),
  );
  timings.push([steps.map(([label]) => label).join(" + "), Date.now() - started]);
};

step("build", [...pnpm, "exec", "turbo", "run", "build"]);
// Lint reads the sources only; it runs beside the type-check, which keeps one core busy for minutes.
await concurrentSteps([
  ["lint", [...pnpm, "exec", "biome", "lint", "."]],
  ["type-check", [...pnpm, "exec", "turbo", "run", "type-check"]],
]);

const resultsFile = ".ci/results.json";
rmSync(resultsFile, { force: true });
step("tests", [
  ...pnpm,
  "exec",
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${resultsFile}`,
]);
step("packed tarballs", ["node", "scripts/pack-check.mjs"]);
// The other supported Node lines, on the tarballs pack-check just made (see scripts/node-smoke.mjs).
step("Node 22 and 24 smoke", ["node", "scripts/node-smoke.mjs", "22", "24"]);
// The MCP conformance suite's client requirement sets (2025-11-25 and 2026-07-28; extension scenarios
// reported): prints the table; fails on a required scenario failing without a reason named in the script
// (its KNOWN_MISSES), or on a named miss that passes now.
step("MCP conformance (requirement sets 2025-11-25 and 2026-07-28, extensions reported)", [
  "node",
  "scripts/conformance.mjs",
]);

let passed = 0;
let failed = 0;
if (existsSync(resultsFile)) {
  const results = JSON.parse(readFileSync(resultsFile, "utf8"));
  passed = results.numPassedTests ?? 0;
  // A test file that fails to load has no failed test of its own; count it once as a failure.
  const brokenFiles = (results.testResults ?? []).filter(
    (file) =>
      file.status === "failed" && !(file.assertionResults ?? []).some((test) => test.status === "failed"),
  ).length;
  failed = (results.numFailedTests ?? 0) + brokenFiles;
}
console.log("\nstep times:");
for (const [label, ms] of timings) console.log(`  ${(ms / 1000).toFixed(0).padStart(5)} s  ${label}`);
if (failures.length > 0) console.log(`\nfailed steps: ${failures.join(", ")}`);
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exitCode = failures.length > 0 || failed > 0 ? 1 : 0;
