import type { AgentMessage } from "@earendil-works/pi-agent-core";
import { MonoAgentRuntimeError } from "../runtime/runtime-error.js";
import { logicalConversationId } from "./conversation-id.js";

/** Conversations a list returns when no limit is given. */
export const CONVERSATION_LIST_DEFAULT_LIMIT = 100;

/** Most conversations one list call returns. */
export const CONVERSATION_LIST_MAX_LIMIT = 1_000;

/** A conversation as a store's `listConversations` reports it. */
export interface ConversationSummary {
  conversationId: string;
  messageCount: number;
  createdAtMs: number;
  updatedAtMs: number;
}

/** A message ready to store: its role and its JSON (every string redacted when a redactor is given). */
export interface MessageRow {
  role: string;
  messageJson: string;
}

/** Checks and serialises a run's messages; throws `conversation_store_failed` for one without a string role. */
export function messageRows(
  runId: string,
  messages: readonly AgentMessage[],
  redactText?: (text: string) => string,
): MessageRow[] {
  return messages.map((message, index) => {
    const role = (message as { role?: unknown }).role;
    if (typeof message !== "object" || message === null || typeof role !== "string") {
      throw new MonoAgentRuntimeError(
        "conversation_store_failed",
        `Message ${index} of run ${runId} has no string "role"; only Pi agent messages can be stored.`,
      );
    }
    const replacer =
      redactText &&
      ((_key: string, value: unknown) => (typeof value === "string" ? redactText(value) : value));
    return { role, messageJson: JSON.stringify(message, replacer) };
  });
}

/** A stored message, or `conversation_store_failed` naming the conversation to reset. */
export function parseMessage(messageJson: string, conversationId: string, sequence: number): AgentMessage {
  try {
    return JSON.parse(messageJson) as AgentMessage;
  } catch (error) {
    throw new MonoAgentRuntimeError(
      "conversation_store_failed",
      `Message ${sequence} of conversation ${conversationId} is not valid JSON; reset the conversation to continue.`,
      { cause: error },
    );
  }
}

/** The list limit, clamped to 1..{@link CONVERSATION_LIST_MAX_LIMIT}. */
export function boundedListLimit(limit: number | undefined): number {
  return Math.max(
    1,
    Math.min(Math.floor(limit ?? CONVERSATION_LIST_DEFAULT_LIMIT), CONVERSATION_LIST_MAX_LIMIT),
  );
}

/** Whether `id` is `logical` itself or one of its `#YYYY-MM-DD` buckets (what a reset removes). */
export function inLogicalConversation(id: string, logical: string): boolean {
  return id === logical || (id.startsWith(`${logical}#`) && logicalConversationId(id) === logical);
}
