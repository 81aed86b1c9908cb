import { join } from "node:path";
import { assertRunId } from "../run-ids.js";

/** File name of a run's events artifact: `run-<runId>.events.jsonl` (reference §4.1). */
export function runEventsFileName(runId: string): string {
  assertRunId(runId);
  return `run-${runId}.events.jsonl`;
}

/** Path of a run's events artifact in `artifactsDir`. Throws `invalid_run_id` for an unsafe id. */
export function runEventsFile(artifactsDir: string, runId: string): string {
  return join(artifactsDir, runEventsFileName(runId));
}

/** A run's tool-output folder: `<artifactsDir>/tool-output/<runId>/` (removed with the run by retention). */
export function runToolOutputDir(artifactsDir: string, runId: string): string {
  assertRunId(runId);
  return join(artifactsDir, "tool-output", runId);
}

/** The default run store file: `<artifactsDir>/runs.sqlite`. */
export function runStoreFile(artifactsDir: string): string {
  return join(artifactsDir, "runs.sqlite");
}
