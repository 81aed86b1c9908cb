export {
  A2A_BEARER_MIN_CHARS,
  A2A_JSONRPC_PATH,
  type A2aEndpoint,
  type A2aEndpointOptions,
  AGENT_CARD_PATH,
  startA2aEndpoint,
} from "./node/a2a-endpoint.js";
export {
  type AskCollaboratorOptions,
  askCollaborator,
  type CollaboratorQuestion,
} from "./node/ask-collaborator.js";
export {
  type AskCollaboratorServerOptions,
  type CollaboratorHandoff,
  createAskCollaboratorServer,
} from "./node/ask-collaborator-server.js";
export type {
  CollaboratorAnswer,
  CollaboratorAnswerState,
  CollaboratorFile,
} from "./node/collaborator-answer.js";
export { type CollaboratorConnection, connectCollaborator } from "./node/connect-collaborator.js";
export {
  type CollaboratorTaskOutcome,
  type CollaboratorTaskStore,
  followCollaboratorTasks,
  type HandedOffCollaboratorTask,
} from "./node/follow-collaborator-tasks.js";
export {
  type A2aRunFunction,
  type A2aRunRequest,
  type A2aRunResult,
  a2aConversationId,
} from "./node/run-executor.js";
