import { RUN_ID_MAX_LENGTH } from "./limits.js";
import { RunHistoryError } from "./run-history-error.js";

/** Run ids as SPEC §0 defines them. */
export const RUN_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

/** Longest conversation id accepted, in characters (the agent's own bound). */
export const CONVERSATION_ID_MAX_LENGTH = 256;

const ROLLOVER_BUCKET = /#(\d{4}-\d{2}-\d{2})$/;
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

/** Throws `invalid_run_id` unless `runId` matches {@link RUN_ID_PATTERN}. */
export function assertRunId(runId: unknown): asserts runId is string {
  if (typeof runId !== "string" || runId.length > RUN_ID_MAX_LENGTH || !RUN_ID_PATTERN.test(runId)) {
    throw new RunHistoryError(
      "invalid_run_id",
      `Run id ${JSON.stringify(String(runId).slice(0, 80))} is not accepted: use 1 to 200 letters, digits, ".", "_" or "-", starting with a letter or digit.`,
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

/**
 * The logical conversation behind a daily rollover bucket (`telegram:42#2026-07-12` → `telegram:42`):
 * RunHistory scope merges every bucket of one logical conversation (seed page, RunHistory).
 */
export function logicalConversationId(conversationId: string): string {
  return conversationId.replace(ROLLOVER_BUCKET, "");
}

/** The `YYYY-MM-DD` rollover bucket of a conversation id, or undefined when it has none. */
export function rolloverBucket(conversationId: string): string | undefined {
  return ROLLOVER_BUCKET.exec(conversationId)?.[1];
}
