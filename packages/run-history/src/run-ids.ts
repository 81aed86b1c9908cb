import {
  CONVERSATION_ID_MAX_LENGTH,
  isRunId,
  logicalConversationId,
  RUN_ID_FORM,
  RUN_ID_PATTERN,
  rolloverBucketOf,
} from "@mono-agent/ids";
import { RunHistoryError } from "./run-history-error.js";

export { CONVERSATION_ID_MAX_LENGTH, logicalConversationId, RUN_ID_PATTERN };

const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Throws `invalid_run_id` unless `runId` matches {@link RUN_ID_PATTERN}. */
export function assertRunId(runId: unknown): asserts runId is string {
  if (!isRunId(runId)) {
    throw new RunHistoryError(
      "invalid_run_id",
      `Run id ${JSON.stringify(String(runId).slice(0, 80))} is not accepted: ${RUN_ID_FORM}.`,
    );
  }
}

/** Throws `invalid_conversation_id` for an empty, over-long or control-character conversation id. */
export function assertConversationId(conversationId: unknown): asserts conversationId is string {
  if (
    typeof conversationId !== "string" ||
    conversationId.length === 0 ||
    conversationId.length > CONVERSATION_ID_MAX_LENGTH ||
    CONTROL_CHARACTERS.test(conversationId)
  ) {
    throw new RunHistoryError(
      "invalid_conversation_id",
      `Conversation id ${JSON.stringify(String(conversationId).slice(0, 80))} is not accepted: use "<channel>:<id>" of at most ${CONVERSATION_ID_MAX_LENGTH} characters without control characters.`,
    );
  }
}

/** The `YYYY-MM-DD` rollover bucket of a conversation id, or undefined when it has none. */
export const rolloverBucket = rolloverBucketOf;
