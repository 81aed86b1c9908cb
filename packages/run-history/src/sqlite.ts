export {
  createRunRecorder,
  type RunRecorder,
  type RunRecorderOptions,
  type RunRecording,
  type RunRecordingOutcome,
  type RunRecordingStart,
} from "./sqlite/create-run-recorder.js";
export { type LiveRun, liveRunsOfConversation } from "./sqlite/live-runs-of-conversation.js";
export { type OpenRunStoreOptions, openRunStore, type SqliteRunStore } from "./sqlite/open-run-store.js";
export {
  type OpenRunStoreForReadingOptions,
  openRunStoreForReading,
} from "./sqlite/open-run-store-for-reading.js";
export { openRunsForReading } from "./sqlite/open-runs-for-reading.js";
export { currentRunOwner, isRunOwnerAlive } from "./sqlite/process-owner.js";
export {
  type ReconcileInterruptedRunsOptions,
  type ReconcileReport,
  reconcileInterruptedRuns,
} from "./sqlite/reconcile-interrupted-runs.js";
export { runEventsFile, runStoreFile, runToolOutputDir } from "./sqlite/run-artifact-paths.js";
export { createRunEventReader, readRunEvents, replaceFileAtomically } from "./sqlite/run-events-file.js";
export { createRunEventsFileSink } from "./sqlite/run-events-file-sink.js";
export {
  type RunRetentionOptions,
  type RunRetentionReport,
  sweepRunRetention,
} from "./sqlite/sweep-run-retention.js";
