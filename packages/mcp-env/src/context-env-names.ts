/**
 * The eight env keys the request-context overlay overwrites on every opted-in stdio server
 * (names are contract: the "Trusted request context for a stdio server" section of the MCP servers page).
 */
export const REQUEST_CONTEXT_ENV = {
  producingConversationId: "MONO_AGENT_MCP_PRODUCING_CONVERSATION_ID",
  producingRunId: "MONO_AGENT_MCP_PRODUCING_RUN_ID",
  runOutputDir: "MONO_AGENT_MCP_RUN_OUTPUT_DIR",
  attachmentsRoot: "MONO_AGENT_MCP_ATTACHMENTS_ROOT",
  allowedAttachmentPaths: "MONO_AGENT_MCP_ALLOWED_ATTACHMENT_PATHS",
  allowedAttachmentIdentities: "MONO_AGENT_MCP_ALLOWED_ATTACHMENT_IDENTITIES",
  progressUrl: "MONO_AGENT_INTERACTION_PROGRESS_URL",
  progressToken: "MONO_AGENT_INTERACTION_PROGRESS_TOKEN",
} as const;

/** The interaction bridge's master URL and token: blanked (`""`) for every opted-in project server. */
export const INTERACTION_BRIDGE_ENV = {
  url: "MONO_AGENT_INTERACTION_BRIDGE_URL",
  token: "MONO_AGENT_INTERACTION_BRIDGE_TOKEN",
} as const;

/** Env keys of the continuation-claim overlay for stdio continuation servers. */
export const CONTINUATION_CLAIM_ENV = {
  url: "MONO_AGENT_CONTINUATION_CLAIM_URL",
  token: "MONO_AGENT_CONTINUATION_CLAIM_TOKEN",
  fingerprint: "MONO_AGENT_CONTINUATION_CLAIM_FINGERPRINT",
  mode: "MONO_AGENT_CONTINUATION_CLAIM_MODE",
} as const;

/** Headers of the continuation-claim overlay for loopback HTTP continuation servers (lower case). */
export const CONTINUATION_CLAIM_HEADERS = {
  url: "x-mono-agent-continuation-claim-url",
  token: "x-mono-agent-continuation-claim-token",
  fingerprint: "x-mono-agent-continuation-claim-fingerprint",
  mode: "x-mono-agent-continuation-claim-mode",
} as const;
