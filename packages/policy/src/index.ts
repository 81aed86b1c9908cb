export {
  type McpToolNameAssignment,
  type McpToolNameAssignments,
  type McpToolNameCollision,
  assignMcpToolNames,
} from "./assign-mcp-tool-names.js";
export {
  MAX_TOOL_NAME_LENGTH,
  MCP_TOOL_NAME_PREFIX,
  MCP_TOOL_NAME_SEPARATOR,
  type McpToolRef,
  mcpToolName,
  sanitizeToolNamePart,
} from "./mcp-tool-name.js";
