// Records how long each test file took in the last full run (.ci/results.json, written by `npm test`) into
// scripts/test-durations.json, which the longest-first sequencer reads. Run after `npm test`; commit the file.
import { readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const resultsFile = process.argv[2] ?? ".ci/results.json";
const results = JSON.parse(readFileSync(resultsFile, "utf8"));
const durations = {};
for (const file of results.testResults ?? []) {
  const ms = Math.round((file.endTime ?? 0) - (file.startTime ?? 0));
  if (ms > 0) durations[relative(repoRoot, file.name)] = ms;
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(new URL("./test-durations.json", import.meta.url), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`recorded ${Object.keys(sorted).length} test files in scripts/test-durations.json`);
