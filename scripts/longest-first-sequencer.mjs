// Test files start longest first, by the durations recorded in scripts/test-durations.json: with two
// workers, the suite then ends on short files instead of one long file running alone for minutes. A file
// with no recorded duration (a new test) counts as long, so it starts early. Refresh the record after
// `npm test` with `node scripts/update-test-durations.mjs` (it reads .ci/results.json).
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { BaseSequencer } from "vitest/node";

const repoRoot = fileURLToPath(new URL("..", import.meta.url));
const durationsFile = new URL("./test-durations.json", import.meta.url);

function readDurations() {
  try {
    return JSON.parse(readFileSync(durationsFile, "utf8"));
  } catch {
    return {};
  }
}

/** Vitest's sequencer with `sort` replaced: recorded duration, longest first; unknown files first of all. */
export class LongestFirstSequencer extends BaseSequencer {
  async sort(files) {
    const durations = readDurations();
    const durationOf = (file) => durations[relative(repoRoot, file.moduleId)] ?? Number.POSITIVE_INFINITY;
    return [...files].sort((a, b) => durationOf(b) - durationOf(a));
  }
}
