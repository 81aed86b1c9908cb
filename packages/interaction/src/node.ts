export type { AskRouteDependencies } from "./node/ask-routes.js";
export {
  ASK_USER_TOOL_NAME,
  type AskUserServerOptions,
  createAskUserServer,
} from "./node/ask-user-server.js";
export {
  type ElicitationHost,
  type ElicitationPort,
  elicitationPortFor,
} from "./node/elicitation-port.js";
export {
  type InteractionBridge,
  type InteractionBridgeOptions,
  startInteractionBridge,
} from "./node/interaction-bridge.js";
export { createLazyInteractionBridge, type LazyInteractionBridge } from "./node/interaction-bridge-lazy.js";
export { createTerminalAskChannel, type TerminalAskChannelOptions } from "./node/terminal-ask-channel.js";
