export {
  type AllowedAttachments,
  allowedAttachmentsFromEnv,
} from "./allowed-attachments.js";
export type { AttachmentIdentity } from "./attachment-identity.js";
export {
  CONTINUATION_CLAIM_ENV,
  CONTINUATION_CLAIM_HEADERS,
  INTERACTION_BRIDGE_ENV,
  REQUEST_CONTEXT_ENV,
} from "./context-env-names.js";
export {
  CONTINUATION_MODES,
  type ContinuationCapability,
  type ContinuationCapabilityIssuer,
  type ContinuationCapabilityRequest,
  type ContinuationMode,
} from "./continuation-capability.js";
export { collectHostSecrets, type HostSecrets } from "./host-secrets.js";
export {
  applyContinuationCapability,
  type ContinuationOverlay,
  type ContinuationServerKind,
  classifyContinuationServer,
  type InjectMcpContinuationContextOptions,
  injectMcpContinuationContext,
} from "./inject-mcp-continuation-context.js";
export {
  type InjectMcpRequestContextOptions,
  injectMcpRequestContext,
  selectRequestContextServers,
} from "./inject-mcp-request-context.js";
export { LOOPBACK_HOSTS } from "./loopback-url.js";
export { McpEnvError, type McpEnvErrorCode } from "./mcp-env-error.js";
export { openAllowedAttachment, readAllowedAttachment } from "./open-allowed-attachment.js";
export type { OverlayServerSpec } from "./overlay-server-spec.js";
export type { ProgressObserver, ProgressRunEvent, ProgressRunInfo } from "./progress-emitter.js";
export {
  PROGRESS_BODY_MAX_BYTES,
  PROGRESS_STATES,
  type ProgressCapability,
  type ProgressReport,
  type ProgressState,
  parseProgressReport,
} from "./progress-report.js";
export { type RequestContext, requestContextEnv } from "./request-context-env.js";
export {
  createRequestContextPreparer,
  outboundRoot,
  type ProgressBridge,
  type RequestContextConfig,
  type RequestContextPrepared,
  type RequestContextPreparerOptions,
  type RequestContextRunInfo,
  type RunOutputLedger,
} from "./request-context-preparer.js";
export { assertRunId, RUN_ID_PATTERN, stripRolloverBucket } from "./run-ids.js";
export {
  createRunOutputDirectory,
  type RunOutputDirectory,
  type RunOutputRemoval,
} from "./run-output-directory.js";
export { type AttachmentSource, type StagedAttachments, stageAttachments } from "./stage-attachments.js";
