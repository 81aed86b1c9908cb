export {
  createRunHistoryServerFactory,
  type RunHistoryServerFactoryOptions,
  type RunHistoryServerScope,
} from "./recorder/create-run-history-server-factory.js";
export type {
  RecordableAgentEvent,
  RecordedMessageEnd,
  RecordedRunEnd,
  RecordedRunInfo,
  RecordedToolExecutionEnd,
  RecordedToolExecutionStart,
  RecordedWarning,
  RunRecordingObserver,
} from "./recorder/recorded-run.js";
export type {
  ContinuationDeliveryRun,
  RunRecordingService,
  StartRunRecordingOptions,
} from "./recorder/run-recording-service.js";
export { startRunRecording } from "./recorder/start-run-recording.js";
