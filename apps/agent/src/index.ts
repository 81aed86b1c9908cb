export type { AppToolProvider, AppToolRunContext, AppToolServers } from "./app/app-tool-provider.js";
export { DEFAULT_CONVERSATION_ID, type RunRequest, type RunResult } from "./app/run-agent.js";
export type { RunEvent, RunStatus } from "./app/run-events.js";
export type { ConversationReset } from "./app/reset-conversation.js";
export { createRunId, RUN_ID_PATTERN } from "./app/run-id.js";
export {
  conversationStoreFile,
  type MonoAgentApp,
  type StartMonoAgentAppOptions,
  startMonoAgentApp,
} from "./app/start-mono-agent-app.js";
export { type ConversationStore, createConversationStore } from "./conversations/conversation-store.js";
export { createExampleServer } from "./example-server/example-server.js";
export {
  BUILTIN_TOOL_NAMES,
  type CreateBuiltinToolsOptions,
  createBuiltinTools,
} from "./runtime/builtin-tools.js";
export { collectProtectedPaths, type ProtectedPaths } from "./runtime/protected-paths.js";
export { type ResolvedModel, resolveModel } from "./runtime/models.js";
export { type PiSessionResult, runPiSession } from "./runtime/pi-session.js";
export { MonoAgentRuntimeError, type MonoAgentRuntimeErrorCode } from "./runtime/runtime-error.js";
