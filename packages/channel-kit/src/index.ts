export type {
  ChannelApp,
  ChannelAttachment,
  ChannelPerson,
  ChannelRunEvent,
  ChannelRunRequest,
  ChannelRunResult,
} from "./channel-app.js";
export type { ChannelCheckLine } from "./channel-check-line.js";
export { type ChannelSessionOptions, channelConversationId } from "./channel-conversation-id.js";
export { ChannelError, type ChannelErrorCode } from "./channel-error.js";
export type { ChannelHost } from "./channel-host.js";
export {
  type ChannelInbox,
  type ChannelInboxOptions,
  createChannelInbox,
  INBOX_MAX_QUEUED_PER_CONVERSATION,
  type InboundMessage,
  type InboundReply,
  type InboxDecision,
} from "./channel-inbox.js";
export {
  adapterSendIdempotencyKey,
  type DeliveryHistory,
  type DeliveryHistoryEntry,
  IDEMPOTENCY_KEY_FORM,
  type PlatformReceipt,
  parseAdapterSendIdempotencyKey,
} from "./delivery-history-key.js";
export { createMemoryEventDedupeStore, type EventDedupeStore } from "./event-dedupe-store.js";
export { ATTACHMENT_MAX_BYTES, type FetchAttachmentOptions, fetchAttachment } from "./fetch-attachment.js";
export {
  createRateBudget,
  type RateBudget,
  type RateBudgetOptions,
  type SendPriority,
} from "./rate-budget.js";
export {
  createReplyStreamWriter,
  type ReplyStreamWriter,
  type ReplyStreamWriterOptions,
  type ReplyTarget,
} from "./reply-stream-writer.js";
export { splitMessageText } from "./split-message-text.js";
