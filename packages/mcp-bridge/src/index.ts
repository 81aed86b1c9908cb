export type { TaskHandoffReason } from "./call-mcp-task.js";
export { type CheckMcpTasksOptions, checkMcpTasks, type McpTaskCheck } from "./check-mcp-tasks.js";
export {
  type ConnectedMcpServers,
  type ConnectedServerInfo,
  type ConnectMcpServersOptions,
  connectMcpServers,
  type McpBridgeWarning,
} from "./connect-mcp-servers.js";
export type { McpAuthorizationResponse } from "./check-authorization-issuer.js";
export type { McpAuthOptions, McpBrowserLogin } from "./create-remote-auth-fetch.js";
export {
  type LimitedToolOutput,
  limitToolOutput,
  type OversizeOutputTarget,
} from "./limit-tool-output.js";
export type { McpToolProgress } from "./map-call-tool-result.js";
export type { McpToolProgressEvent } from "./mcp-agent-tool.js";
export { mcpAgentToolInfo } from "./mcp-agent-tool.js";
export { createMemoryMcpAuthStore, type McpAuthRecord, type McpAuthStore } from "./mcp-auth-store.js";
export { McpBridgeError, type McpBridgeErrorCode } from "./mcp-bridge-error.js";
export type { McpElicitationPort } from "./mcp-elicitation-port.js";
export {
  createMemoryMcpEraMemory,
  type McpEraMemory,
  type McpProtocolChoice,
  type McpProtocolEra,
} from "./mcp-era-memory.js";
export type { McpPromptInfo, RenderedMcpPrompt } from "./mcp-prompts.js";
export {
  createMcpResourcesTool,
  MCP_RESOURCES_TOOL_NAME,
  type McpResourcesSource,
} from "./mcp-resources-tool.js";
export type {
  McpTaskHandoff,
  McpTaskHandoffReceipt,
  McpTaskHandoffRequest,
} from "./mcp-task-handoff.js";
export type { McpToolListCache } from "./mcp-tool-list-cache.js";
export { prelaunchableServers } from "./prelaunchable-servers.js";
export {
  type McpServerProbe,
  type ProbedMcpPrompt,
  type ProbedMcpTool,
  type ProbeMcpServerOptions,
  probeMcpServer,
} from "./probe-mcp-server.js";
export { resolveRunServerSpecs, type SkippedServer } from "./resolve-run-server-specs.js";
export type { RunOAuthSettings } from "./run-oauth.js";
export type {
  RunRemoteServerSpec,
  RunServerOptions,
  RunServerSpec,
  RunStdioServerSpec,
} from "./run-server-spec.js";
export {
  type LiveMcpServers,
  type McpServerStatusEvent,
  startMcpServers,
} from "./start-mcp-servers.js";
export type { LaunchedStdioServer, StdioLauncher } from "./stdio-launcher.js";
