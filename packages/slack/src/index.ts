export {
  composeSlackChannel,
  type SlackChannelTuning,
  type SlackComposition,
  type SlackCompositionStart,
} from "./compose-slack-channel.js";
export { markdownToMrkdwn } from "./markdown-to-mrkdwn.js";
export { postSlackText } from "./post-slack-text.js";
export { isSlackChannelAllowed, type SlackAllowlist } from "./slack-allowlist.js";
export { createSlackAskChannel, type SlackAskAnswerer, type SlackAskChannel } from "./slack-ask-channel.js";
export {
  parseSlackConversationId,
  SLACK_CONVERSATION_ID_FORM,
  slackConversationId,
} from "./slack-conversation-id.js";
export { SLACK_CHANNEL_BUDGET, SLACK_MESSAGE_LIMIT, SLACK_MIN_UPDATE_INTERVAL_MS } from "./slack-limits.js";
export {
  createSlackSendMessageServer,
  SLACK_SEND_MESSAGE_TOOL_NAME,
  type SlackSendMessageServerOptions,
} from "./slack-send-message-server.js";
export {
  type SlackChannel,
  type StartSlackChannelOptions,
  startSlackChannel,
} from "./start-slack-channel.js";
