export { findMcpImportSources, type McpImportSource } from "./mcp-import/find-mcp-import-sources.js";
export { mcpImportLines, mcpImportReport } from "./mcp-import/mcp-import-lines.js";
export {
  type McpImportedFile,
  type McpImportPlan,
  type McpImportSkippedFile,
  type PlanMcpImportInput,
  planMcpImport,
} from "./mcp-import/plan-mcp-import.js";
export { writeMcpImport } from "./mcp-import/write-mcp-import.js";
