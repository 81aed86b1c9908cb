export {
  createRunEventMapper,
  type MappableAgentEvent,
  type MappedRunEvent,
  TOOL_PREVIEW_CHARACTERS,
} from "./recorder/create-run-event-mapper.js";
export {
  createRunEventRedactor,
  type RedactableRunEvent,
  type RunEventRedactor,
} from "./recorder/create-run-event-redactor.js";
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
export { redactStrings } from "./recorder/redact-strings.js";
export {
  type RunHistoryToolServer,
  runHistoryToolServer,
  runHistoryToolServers,
} from "./recorder/run-history-tool-server.js";
export type {
  ContinuationDeliveryRun,
  RunRecordingService,
  StartRunRecordingOptions,
} from "./recorder/run-recording-service.js";
export { startRunRecording } from "./recorder/start-run-recording.js";
