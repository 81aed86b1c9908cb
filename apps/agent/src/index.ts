export { createExampleServer } from "@mono-agent/example-server";
export type { ProtectedPaths } from "@mono-agent/tools";
export { collectProtectedPaths } from "@mono-agent/tools/check";
export type { ConversationReset } from "./app/conversations/reset-conversation.js";
export { DEFAULT_CONVERSATION_ID, type RunRequest, type RunResult } from "./app/run/run-agent.js";
export type { RunEvent, RunStatus } from "./app/run/run-events.js";
export { createRunId, RUN_ID_PATTERN } from "./app/run/run-id.js";
export {
  conversationStoreFile,
  type MonoAgentApp,
  type StartMonoAgentAppOptions,
  startMonoAgentApp,
} from "./app/start-mono-agent-app.js";
export type { AppToolProvider, AppToolRunContext, AppToolServers } from "./app/tools/app-tool-provider.js";
export { type ConversationStore, createConversationStore } from "./conversations/conversation-store.js";
export {
  BUILTIN_TOOL_NAMES,
  type CreateBuiltinToolsOptions,
  createBuiltinTools,
} from "./runtime/builtin-tools.js";
export { type ResolvedModel, resolveModel } from "./runtime/models.js";
export { type PiSessionResult, runPiSession } from "./runtime/pi-session.js";
export { MonoAgentRuntimeError, type MonoAgentRuntimeErrorCode } from "./runtime/runtime-error.js";
