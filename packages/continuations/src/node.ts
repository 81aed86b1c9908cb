export type { NamedRoute } from "./node/continuation-protocol.js";
export {
  type ContinuationCapabilityRequest,
  type ContinuationService,
  type ContinuationServiceLimits,
  type IssuedContinuationCapability,
  type RetentionReport,
  type StartContinuationServiceOptions,
  startContinuationService,
} from "./node/continuation-service.js";
export { payloadHash } from "./node/continuation-tokens.js";
export type { ContinuationWorkerHooks } from "./node/continuation-worker.js";
export type { DetachedService } from "./node/detached-claim.js";
export { inspectStateDir, type StateDirProblem } from "./node/inspect-state-dir.js";
export {
  type ContinuationPage,
  type ContinuationStore,
  continuationStoreFile,
  type OpenContinuationStoreOptions,
  openContinuationStore,
} from "./node/open-continuation-store.js";
export { openOperatorContinuationStore } from "./node/open-operator-continuation-store.js";
export {
  cancelContinuation,
  type DeliveryResolution,
  readContinuationHealth,
  resolveContinuationDelivery,
  retryContinuation,
} from "./node/operator-actions.js";
export {
  type ContinuationOperatorAction,
  type ContinuationsReport,
  continuationActionReport,
  continuationsHealthReport,
  continuationsListReport,
  parseDeliveryResolutionWords,
} from "./node/operator-reports.js";
export { readOperatorToken } from "./node/operator-token.js";
// The shared PostgreSQL store is `@mono-agent/continuations/postgres`: importing this entry never loads pg.
export type { SharedContinuationStore } from "./node/postgres/open-postgres-continuation-store.js";
export type { RecoveryReport } from "./node/recover-continuations.js";
export {
  type ConversationDelivery,
  listConversationDeliveries,
  sqliteDeliveryLookups,
} from "./node/sqlite-delivery-lookups.js";
export {
  checkRetentionPolicy,
  type RetentionPolicy,
  type RetentionSweep,
  sweepRetentionRows,
} from "./node/sweep-retention.js";
export type { LatestOriginMessages } from "./node/synthesis-context.js";
export {
  handedOffTaskId,
  type TaskHandoffClaim,
  type TaskHandoffRequest,
  taskHandoffDeadlineMs,
} from "./node/task-handoff.js";
