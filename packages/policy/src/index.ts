export {
  type McpToolNameAssignment,
  type McpToolNameAssignments,
  type McpToolNameCollision,
  assignMcpToolNames,
} from "./assign-mcp-tool-names.js";
export type { AvailabilityRefusal } from "./check-availability.js";
export type { PolicyRefusal } from "./check-policy.js";
export {
  allowsAllTools,
  createToolPolicy,
  failClosedToolPolicy,
  type ToolPolicy,
  type ToolPolicyInput,
} from "./create-tool-policy.js";
export { evaluateTool } from "./evaluate-tool.js";
export { evaluateToolCatalog, toolsStillOffered } from "./evaluate-tool-catalog.js";
export { findUnknownToolNames, type ToolNameFinding } from "./find-unknown-tool-names.js";
export { isToolAllowedByPolicy } from "./is-tool-allowed-by-policy.js";
export { matchesToolGlob } from "./matches-tool-glob.js";
export {
  MAX_TOOL_NAME_LENGTH,
  MCP_TOOL_NAME_PREFIX,
  MCP_TOOL_NAME_SEPARATOR,
  type McpToolRef,
  mcpToolName,
  sanitizeToolNamePart,
} from "./mcp-tool-name.js";
export { MAX_SUGGESTION_DISTANCE, suggestToolName } from "./suggest-tool-name.js";
export type { MemoryAvailability, ToolAvailabilityContext } from "./tool-availability-context.js";
export {
  ADAPTER_SEND_SERVER_NAME,
  APP_OWNED_SERVER_NAMES,
  CONVERSATION_SERVER_NAME,
  MCP_RESOURCES_SERVER_NAME,
  findCatalogEntry,
  MEMORY_JOURNAL_SERVER_NAME,
  MEMORY_RECALL_SERVER_NAME,
  MEMORY_WRITE_SERVER_NAME,
  RUN_HISTORY_SERVER_NAME,
  SESSION_HISTORY_SERVER_NAME,
  TOOL_CATALOG,
  type ToolCatalogEntry,
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
export { acceptedSpellings, WILDCARD } from "./tool-spellings.js";
