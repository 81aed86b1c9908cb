// Node-only: the watcher runs timers of its own. Importing the root entry never loads this file.
export {
  createRunTaskHandoff,
  MAX_TASK_HANDOFFS_PER_RUN,
  MAX_TASK_HANDOFFS_PER_SERVER,
  type RunTaskHandoffOptions,
  TASK_HANDOFF_TTL_MS,
} from "./create-run-task-handoff.js";
export type {
  HandedOffTask,
  HandedOffTaskStore,
  HandOffTaskClaim,
  HandOffTaskRequest,
  McpTaskOutcomePayload,
} from "./handed-off-task-store.js";
export {
  type McpTaskWatcher,
  type McpTaskWatcherOptions,
  startMcpTaskWatcher,
} from "./start-mcp-task-watcher.js";
