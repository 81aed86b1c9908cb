export { ClaimCapabilities, type LiveCapability } from "./node/claim-capabilities.js";
export type { ClaimResponse, NamedRoute, ResultResponse } from "./node/continuation-protocol.js";
export {
  CONTINUATION_SERVICE_HOSTS,
  type ContinuationCapabilityRequest,
  type ContinuationService,
  type ContinuationServiceLimits,
  type IssuedContinuationCapability,
  type RetentionReport,
  type StartContinuationServiceOptions,
  startContinuationService,
} from "./node/continuation-service.js";
export {
  type ClaimBinding,
  claimFingerprint,
  type DetachedBinding,
  detachedFingerprint,
  operatorToken,
  payloadHash,
  resultToken,
  tokenDigest,
} from "./node/continuation-tokens.js";
export {
  claimDetachedContinuation,
  type DetachedService,
  DetachedServices,
  SERVICE_NAME_HEADER,
} from "./node/detached-claim.js";
export { type OperatorHealth, OPERATOR_PATH_PREFIX } from "./node/operator-http-routes.js";
export { readOperatorToken } from "./node/operator-token.js";
export {
  checkRetentionPolicy,
  RETENTION_DEFAULTS,
  type RetentionPolicy,
  type RetentionSweep,
  sweepRetentionRows,
} from "./node/sweep-retention.js";
export type { LatestOriginMessages } from "./node/synthesis-context.js";
export { ContinuationWorker, type ContinuationWorkerHooks } from "./node/continuation-worker.js";
export {
  CONTINUATION_STORE_BUSY_TIMEOUT_MS,
  type ContinuationPage,
  type ContinuationStore,
  continuationStoreFile,
  type OpenContinuationStoreOptions,
  openContinuationStore,
} from "./node/open-continuation-store.js";
export {
  capturedContinuationText,
  cancelContinuation,
  type DeliveryResolution,
  readContinuationHealth,
  resolveContinuationDelivery,
  retryContinuation,
} from "./node/operator-actions.js";
export { acquireOwnerLock, type OwnerLock } from "./node/owner-lock.js";
export {
  type RecoveryReport,
  recoverContinuations,
  SYNTHESIS_STARTS_MAX,
} from "./node/recover-continuations.js";
export {
  handedOffTaskId,
  TASK_HANDOFF_SETTLE_MARGIN_MS,
  TASK_HANDOFF_TASK_ID_MAX_CHARS,
  type TaskHandoffClaim,
  type TaskHandoffRequest,
  taskHandoffDeadlineMs,
} from "./node/task-handoff.js";
export { inspectStateDir, type StateDirProblem } from "./node/inspect-state-dir.js";
export { STATE_FILES } from "./node/state-dir.js";
