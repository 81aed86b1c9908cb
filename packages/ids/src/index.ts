export {
  CONVERSATION_ID_FORM,
  CONVERSATION_ID_MAX_LENGTH,
  CONVERSATION_ID_PATTERN,
  conversationChannel,
  isConversationId,
} from "./conversation-id.js";
export {
  groupRolloverBuckets,
  type RolloverBucketSummary,
  type RolloverGroup,
} from "./group-rollover-buckets.js";
export {
  logicalConversationId,
  ROLLOVER_BUCKET_PATTERN,
  rolloverBucketAt,
  rolloverBucketOf,
  withRolloverBucket,
} from "./rollover-bucket.js";
export { createRunId, isRunId, RUN_ID_FORM, RUN_ID_MAX_LENGTH, RUN_ID_PATTERN } from "./run-id.js";
