export {
  CONVERSATION_TITLE_MAX_CHARACTERS,
  CONVERSATION_TITLE_TOOL_NAME,
  type ConversationTitleParse,
  normalizeConversationTitle,
  parseConversationTitleInput,
} from "./conversation-title.js";
export { OPERATOR_TOKEN_MIN_CHARACTERS, operatorTokenProblem } from "./operator-token-rules.js";
export type {
  WebConsoleApp,
  WebConsoleRunEvent,
  WebDelivered,
  WebRunContext,
  WebRunRequest,
  WebRunResult,
  WebRunStatus,
} from "./web-console-app.js";
export { WebConsoleError, type WebConsoleErrorCode } from "./web-console-error.js";
export type { WebConsoleEvent, WebRunEvent } from "./web-event-hub.js";
export type {
  WebAsksSource,
  WebDeliveriesSource,
  WebDeliveryView,
  WebFeatures,
  WebMemoryPageSource,
  WebRunSummaryView,
  WebRunsPageSource,
} from "./web-features.js";
export type {
  TitleProposalOutcome,
  WebThread,
  WebThreadOrigin,
  WebTitleSource,
  WebToolCall,
  WebToolCallStatus,
  WebTurn,
  WebTurnStatus,
} from "./web-thread-types.js";
