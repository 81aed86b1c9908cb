import type { RunEventSink } from "../run-event-sink.js";
import { runEventsFile } from "./run-artifact-paths.js";
import { replaceFileAtomically } from "./run-events-file.js";

/**
 * The {@link RunEventSink} of SQLite mode: `<artifactsDir>/run-<runId>.events.jsonl`, replaced atomically
 * at each write, so a reader or a crash sees one checkpoint's content whole.
 */
export function createRunEventsFileSink(artifactsDir: string): RunEventSink {
  return {
    create: (runId) => replaceFileAtomically(runEventsFile(artifactsDir, runId), ""),
    write: (runId, batch) => {
      const text = batch.lines.slice(0, batch.count).join("") + (batch.tail ?? "");
      return replaceFileAtomically(runEventsFile(artifactsDir, runId), text);
    },
  };
}
