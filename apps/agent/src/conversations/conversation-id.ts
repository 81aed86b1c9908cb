import {
  CONVERSATION_ID_FORM,
  CONVERSATION_ID_PATTERN,
  isConversationId,
  isRunId,
  logicalConversationId,
  RUN_ID_FORM,
} from "@mono-agent/ids";
import { MonoAgentRuntimeError } from "../runtime/runtime-error.js";

/** The id rules live in @mono-agent/ids; this file turns them into the runtime's errors. */
export { CONVERSATION_ID_PATTERN, logicalConversationId };

/** Throw `invalid_conversation_id` unless `conversationId` is `<channel>:<id>` within the length bound. */
export function assertConversationId(conversationId: unknown): asserts conversationId is string {
  if (!isConversationId(conversationId))
    throw new MonoAgentRuntimeError(
      "invalid_conversation_id",
      `Conversation id ${JSON.stringify(conversationId)} is not accepted: ${CONVERSATION_ID_FORM}.`,
    );
}

/** Throw `invalid_run_id` unless `runId` is a run id of SPEC §0. */
export function assertRunId(runId: unknown): asserts runId is string {
  if (!isRunId(runId))
    throw new MonoAgentRuntimeError(
      "invalid_run_id",
      `Run id ${JSON.stringify(runId)} is not accepted: ${RUN_ID_FORM}.`,
    );
}
