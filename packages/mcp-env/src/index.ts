export {
  type AllowedAttachments,
  allowedAttachmentsFromEnv,
} from "./allowed-attachments.js";
export { attachmentFileName } from "./attachment-file-name.js";
export type { AttachmentIdentity } from "./attachment-identity.js";
export {
  ATTACHMENT_DIRECTORY_MODE,
  ATTACHMENT_FILE_MODE,
  ATTACHMENT_NAME_MAX_CHARACTERS,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_PER_REQUEST,
} from "./attachment-limits.js";
export {
  CONTINUATION_CLAIM_ENV,
  CONTINUATION_CLAIM_HEADERS,
  INTERACTION_BRIDGE_ENV,
  REQUEST_CONTEXT_ENV,
} from "./context-env-names.js";
export {
  assertContinuationCapability,
  CONTINUATION_MODES,
  type ContinuationCapability,
  type ContinuationCapabilityIssuer,
  type ContinuationCapabilityRequest,
  type ContinuationMode,
} from "./continuation-capability.js";
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
export { isLoopbackHttpUrl, LOOPBACK_HOSTS } from "./loopback-url.js";
export { McpEnvError, type McpEnvErrorCode } from "./mcp-env-error.js";
export { openAllowedAttachment, readAllowedAttachment } from "./open-allowed-attachment.js";
export type { OverlayServerSpec } from "./overlay-server-spec.js";
export {
  PROGRESS_BODY_MAX_BYTES,
  PROGRESS_KEY_MAX_CHARACTERS,
  PROGRESS_STATES,
  type ProgressCapability,
  type ProgressReport,
  type ProgressState,
  parseProgressReport,
} from "./progress-report.js";
export { type RequestContext, requestContextEnv } from "./request-context-env.js";
export {
  createRunOutputDirectory,
  RUN_OUTPUT_DIRECTORY_MODE,
  type RunOutputDirectory,
  type RunOutputRemoval,
} from "./run-output-directory.js";
export {
  assertRunId,
  conversationDirectoryName,
  RUN_ID_PATTERN,
  stripRolloverBucket,
} from "./run-ids.js";
export {
  type AttachmentSource,
  prepareAttachmentsRoot,
  type StagedAttachments,
  stageAttachments,
} from "./stage-attachments.js";
