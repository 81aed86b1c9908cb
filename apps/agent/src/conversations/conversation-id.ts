import { MonoAgentRuntimeError } from "../runtime/runtime-error.js";

/** Longest accepted conversation id, in characters (room for a platform thread id plus a `#YYYY-MM-DD` bucket). */
export const CONVERSATION_ID_MAX_LENGTH = 256;

/** `<channel>:<id>`: a lower-case channel name, a colon, then printable characters without spaces. */
export const CONVERSATION_ID_PATTERN = /^[a-z][a-z0-9_-]{0,31}:[^\s\u0000-\u001f\u007f]+$/;

/** Run ids as SPEC §0 defines them. */
export const RUN_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

const DAILY_BUCKET_SUFFIX = /#\d{4}-\d{2}-\d{2}$/;

/** Throw `invalid_conversation_id` unless `conversationId` is `<channel>:<id>` within the length bound. */
export function assertConversationId(conversationId: unknown): asserts conversationId is string {
  if (
    typeof conversationId !== "string" ||
    conversationId.length > CONVERSATION_ID_MAX_LENGTH ||
    !CONVERSATION_ID_PATTERN.test(conversationId)
  ) {
    throw new MonoAgentRuntimeError(
      "invalid_conversation_id",
      `Conversation id ${JSON.stringify(conversationId)} is not accepted: use "<channel>:<id>" such as "cli:default" ` +
        `(channel: lower-case letters, digits, "-" or "_"; id: no spaces or control characters; at most ${CONVERSATION_ID_MAX_LENGTH} characters).`,
    );
  }
}

/** Throw `invalid_run_id` unless `runId` matches {@link RUN_ID_PATTERN}. */
export function assertRunId(runId: unknown): asserts runId is string {
  if (typeof runId !== "string" || !RUN_ID_PATTERN.test(runId)) {
    throw new MonoAgentRuntimeError(
      "invalid_run_id",
      `Run id ${JSON.stringify(runId)} is not accepted: use 1 to 200 letters, digits, ".", "_" or "-", starting with a letter or digit.`,
    );
  }
}

/** The logical conversation behind a daily bucket: `telegram:42#2026-07-12` → `telegram:42`. */
export function logicalConversationId(conversationId: string): string {
  return conversationId.replace(DAILY_BUCKET_SUFFIX, "");
}
