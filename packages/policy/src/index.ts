export {
  type McpToolNameAssignment,
  type McpToolNameAssignments,
  type McpToolNameCollision,
  assignMcpToolNames,
} from "./assign-mcp-tool-names.js";
export {
  allowsAllTools,
  createToolPolicy,
  failClosedToolPolicy,
  type ToolPolicy,
  type ToolPolicyInput,
} from "./create-tool-policy.js";
export {
  APPROVAL_CAPABILITY_CLASSES,
  type ApprovalCapabilityClass,
  type ApprovalNameFinding,
  type ApprovalRuleLists,
  approvalRequireWithCapabilities,
  assertApprovalRules,
  describeApprovalNameFinding,
  findOpenApprovalWays,
  findUnknownApprovalNames,
  type OpenApprovalWay,
} from "./check-approval-rules.js";
export { evaluateTool } from "./evaluate-tool.js";
export { evaluateToolCatalog, toolsStillOffered } from "./evaluate-tool-catalog.js";
export { findUnknownToolNames, type ToolNameFinding } from "./find-unknown-tool-names.js";
export { isToolAllowedByPolicy } from "./is-tool-allowed-by-policy.js";
export { matchesToolGlob } from "./matches-tool-glob.js";
export { MAX_TOOL_NAME_LENGTH, type McpToolRef, mcpToolName } from "./mcp-tool-name.js";
export type { MemoryAvailability, ToolAvailabilityContext } from "./tool-availability-context.js";
export {
  CONVERSATION_SERVER_NAME,
  MEMORY_JOURNAL_SERVER_NAME,
  MEMORY_RECALL_SERVER_NAME,
  MEMORY_WRITE_SERVER_NAME,
  RUN_HISTORY_SERVER_NAME,
  SESSION_HISTORY_SERVER_NAME,
  type ToolKind,
} from "./tool-catalog.js";
export type {
  ExternalMcpToolCandidate,
  OfferedToolDecision,
  ToolCandidate,
  ToolDecision,
  ToolDecisionKind,
  WithheldReason,
  WithheldToolDecision,
} from "./tool-decision.js";
export { ToolPolicyError, type ToolPolicyErrorCode } from "./tool-policy-error.js";
export { ADAPTER_SEND_SERVER_NAME } from "./tool-catalog.js";
