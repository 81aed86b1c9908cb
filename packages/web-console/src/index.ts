export {
  CONVERSATION_TITLE_MAX_CHARACTERS,
  CONVERSATION_TITLE_TOOL_NAME,
  type ConversationTitleParse,
  normalizeConversationTitle,
  parseConversationTitleInput,
} from "./conversation-title.js";
export { operatorTokenProblem } from "./operator-token-rules.js";
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
export type {
  WebAsksSource,
  WebDeliveriesSource,
  WebDeliveryView,
  WebFeatures,
  WebMemoryPageSource,
  WebRunSummaryView,
  WebRunsPageSource,
} from "./web-features.js";
