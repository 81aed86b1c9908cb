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
export { ContinuationWorker, type ContinuationWorkerHooks } from "./node/continuation-worker.js";
export {
  claimDetachedContinuation,
  type DetachedService,
  DetachedServices,
  SERVICE_NAME_HEADER,
} from "./node/detached-claim.js";
export { inspectStateDir, type StateDirProblem } from "./node/inspect-state-dir.js";
export {
  CONTINUATION_STORE_BUSY_TIMEOUT_MS,
  type ContinuationPage,
  type ContinuationStore,
  continuationStoreFile,
  type OpenContinuationStoreOptions,
  openContinuationStore,
} from "./node/open-continuation-store.js";
export {
  cancelContinuation,
  capturedContinuationText,
  type DeliveryResolution,
  readContinuationHealth,
  resolveContinuationDelivery,
  retryContinuation,
} from "./node/operator-actions.js";
export { OPERATOR_PATH_PREFIX, type OperatorHealth } from "./node/operator-http-routes.js";
export { readOperatorToken } from "./node/operator-token.js";
export { acquireOwnerLock, type OwnerLock } from "./node/owner-lock.js";
export {
  CONTINUATION_POSTGRES_MIGRATIONS,
  type OpenPostgresContinuationStoreOptions,
  openPostgresContinuationStore,
  type SharedContinuationStore,
} from "./node/postgres/open-postgres-continuation-store.js";
export { SYNC_POSTGRES_STATEMENT_TIMEOUT_MS } from "./node/postgres/sync-postgres.js";
export {
  type InterruptedRecordOutcome,
  type RecoveryReport,
  recoverContinuations,
  recoverInterruptedRecord,
  SYNTHESIS_STARTS_MAX,
} from "./node/recover-continuations.js";
export { STATE_FILES } from "./node/state-dir.js";
export {
  checkRetentionPolicy,
  RETENTION_DEFAULTS,
  type RetentionPolicy,
  type RetentionSweep,
  sweepRetentionRows,
} from "./node/sweep-retention.js";
export type { LatestOriginMessages } from "./node/synthesis-context.js";
