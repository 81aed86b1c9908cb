import type { SynthesisUsage } from "../continuation-ports.js";
import type { ContinuationRecord, DeliveryReceipt } from "../continuation-record.js";
import type { ContinuationMode, ContinuationState, OriginContextState } from "../continuation-states.js";
import type { continuations } from "./continuation-store-schema.js";
import { isTaskHandoffRow } from "./task-handoff.js";

/** A row of the continuations table. */
export type ContinuationRow = typeof continuations.$inferSelect;

function optional<K extends string, V>(key: K, value: V | null): { [P in K]?: V } {
  return (value === null ? {} : { [key]: value }) as { [P in K]?: V };
}

/** The public view of a row (no token digest, no payload). */
export function rowToRecord(row: ContinuationRow): ContinuationRecord {
  return {
    continuationId: row.continuationId,
    state: row.state as ContinuationState,
    serverName: row.serverName,
    originRunId: row.originRunId,
    originConversationId: row.originConversationId,
    ...optional("replyTo", row.replyTo),
    historyBoundary: row.historyBoundary,
    mode: row.mode as ContinuationMode,
    ...optional("routeName", row.routeName),
    ...optional("destinationConversationId", row.destinationConversationId),
    fingerprint: row.fingerprint,
    taskKey: row.taskKey,
    taskHash: row.taskHash,
    ...(isTaskHandoffRow(row) ? { source: "mcp_task" as const } : {}),
    deadlineMs: row.deadlineMs,
    claimedAtMs: row.claimedAtMs,
    updatedAtMs: row.updatedAtMs,
    ...(row.resultIdempotencyKey !== null && row.resultPayloadHash !== null && row.resultReceivedAtMs !== null
      ? {
          result: {
            idempotencyKey: row.resultIdempotencyKey,
            payloadHash: row.resultPayloadHash,
            receivedAtMs: row.resultReceivedAtMs,
          },
        }
      : {}),
    originContextState: row.originContextState as OriginContextState,
    ...optional("originContextHash", row.originContextHash),
    synthesisAttempts: row.synthesisAttempts,
    ...optional("synthesizedText", row.synthesizedText),
    ...optional("completionKind", row.completionKind as ContinuationRecord["completionKind"] | null),
    ...(row.synthesisUsageJson !== null
      ? { synthesisUsage: JSON.parse(row.synthesisUsageJson) as SynthesisUsage }
      : {}),
    deliveryAttempts: row.deliveryAttempts,
    ...optional("nextAttemptAtMs", row.nextAttemptAtMs),
    ...optional("deliveryStartedAtMs", row.deliveryStartedAtMs),
    ...optional("leaseOwner", row.leaseOwner),
    ...optional("leaseExpiresAtMs", row.leaseExpiresAtMs),
    ...(row.lastErrorCode !== null
      ? { lastError: { code: row.lastErrorCode, message: row.lastErrorMessage ?? "" } }
      : {}),
    ...(row.receiptJson !== null ? { receipt: JSON.parse(row.receiptJson) as DeliveryReceipt } : {}),
  };
}
