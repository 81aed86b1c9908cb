export { CollaboratorError, type CollaboratorErrorCode } from "./collaborator-error.js";
export {
  A2A_CONVERSATION_PREFIX,
  A2A_RUN_SOURCE,
  ASK_COLLABORATOR_TOOL_NAME,
  COLLABORATORS_SERVER_NAME,
} from "./collaborator-names.js";
export type { CollaboratorPeer } from "./collaborator-peer.js";
