import { and, eq, isNull, sql } from "drizzle-orm";
import type { BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { withoutRolloverBucket } from "../conversation-scope.js";
import { SessionHistoryError } from "../session-history-error.js";
import type { InvocationWrite, ResultWrite } from "../tool-lifecycle-write.js";
import { acceptArtifacts } from "./artifact-paths.js";
import { toolRecordId } from "./record-ids.js";
import type { ToolCallRow } from "./tool-call-row.js";
import { toolCalls } from "./tool-history-schema.js";

/** Placeholder payload of a call whose invocation was never recorded (its result arrived alone). */
const MISSING_INVOCATION_PAYLOAD = JSON.stringify("[invocation not recorded]");

/** The lower-cased text search matches: tool name, arguments and result (all already redacted). */
export function searchableText(
  row: Pick<ToolCallRow, "toolName" | "invocationPayload" | "resultPayload">,
): string {
  return `${row.toolName}\n${row.invocationPayload}\n${row.resultPayload ?? ""}`
    .normalize("NFKC")
    .toLowerCase();
}

/** Inserts the invocation record; an identical retry is a no-op, a different one a conflict. */
export function writeInvocation(db: BetterSQLite3Database, write: InvocationWrite, ownerId: string): void {
  const invocationRecordId = toolRecordId("invocation", write);
  db.transaction((tx) => {
    const existing = tx
      .select()
      .from(toolCalls)
      .where(eq(toolCalls.invocationRecordId, invocationRecordId))
      .get();
    if (existing) {
      if (existing.invocationPayload === write.payload.payload && existing.startSequence === write.sequence)
        return;
      if (existing.invocationPayload === MISSING_INVOCATION_PAYLOAD) {
        tx.update(toolCalls).set(invocationColumns(write)).where(eq(toolCalls.rowId, existing.rowId)).run();
        return;
      }
      throw conflict(invocationRecordId);
    }
    tx.insert(toolCalls)
      .values({ ...identityColumns(write, invocationRecordId, ownerId), ...invocationColumns(write) })
      .run();
  });
}

/** Sets the terminal result of a call (inserting the call when its invocation is missing). */
export function writeResult(
  db: BetterSQLite3Database,
  write: ResultWrite,
  ownerId: string,
  toolOutputRoot: string | undefined,
): void {
  const invocationRecordId = toolRecordId("invocation", write);
  const resultRecordId = toolRecordId("result", write);
  const artifacts = JSON.stringify(acceptArtifacts(toolOutputRoot, write.runId, write.artifactPaths));
  db.transaction((tx) => {
    let row = tx.select().from(toolCalls).where(eq(toolCalls.invocationRecordId, invocationRecordId)).get();
    if (row?.resultRecordId) {
      if (row.resultPayload === write.payload.payload && row.state === write.state) return;
      throw conflict(resultRecordId);
    }
    if (!row) {
      row = tx
        .insert(toolCalls)
        .values({
          ...identityColumns(write, invocationRecordId, ownerId),
          startSequence: write.sequence,
          startedAtMs: write.endedAtMs - (write.executionMs ?? 0),
          invocationPayload: MISSING_INVOCATION_PAYLOAD,
          invocationOriginalBytes: 0,
          invocationRetainedBytes: 0,
          invocationTruncated: false,
        })
        .returning()
        .get();
    }
    const updated = tx
      .update(toolCalls)
      .set({
        resultRecordId,
        endSequence: write.sequence,
        state: write.state,
        failureKind: write.failureKind ?? null,
        detailCode: write.detailCode ?? null,
        endedAtMs: write.endedAtMs,
        executionMs: write.executionMs ?? null,
        resultPayload: write.payload.payload,
        resultOriginalBytes: write.payload.originalBytes,
        resultRetainedBytes: write.payload.retainedBytes,
        resultTruncated: write.payload.truncated,
        artifacts,
      })
      .where(and(eq(toolCalls.rowId, row.rowId), isNull(toolCalls.resultRecordId)))
      .returning()
      .get();
    if (updated) insertSearchText(tx, updated);
  });
}

/** Adds a completed call's text to the FTS index. */
export function insertSearchText(db: Pick<BetterSQLite3Database, "run">, row: ToolCallRow): void {
  db.run(sql`INSERT INTO tool_call_text (rowid, text) VALUES (${row.rowId}, ${searchableText(row)})`);
}

function identityColumns(
  write: InvocationWrite | ResultWrite,
  invocationRecordId: string,
  ownerId: string,
): Pick<
  typeof toolCalls.$inferInsert,
  | "invocationRecordId"
  | "conversationId"
  | "scopeConversationId"
  | "runId"
  | "toolCallId"
  | "toolName"
  | "isolated"
  | "runStartedAtMs"
  | "ownerId"
> {
  return {
    invocationRecordId,
    conversationId: write.conversationId,
    scopeConversationId: withoutRolloverBucket(write.conversationId),
    runId: write.runId,
    toolCallId: write.toolCallId,
    toolName: write.toolName,
    isolated: write.isolated,
    runStartedAtMs: write.runStartedAtMs,
    ownerId,
  };
}

function invocationColumns(write: InvocationWrite) {
  return {
    startSequence: write.sequence,
    startedAtMs: write.startedAtMs,
    invocationPayload: write.payload.payload,
    invocationOriginalBytes: write.payload.originalBytes,
    invocationRetainedBytes: write.payload.retainedBytes,
    invocationTruncated: write.payload.truncated,
  };
}

function conflict(recordId: string): SessionHistoryError {
  return new SessionHistoryError(
    "idempotency_conflict",
    `The record ${recordId} was already written with different content; a retry must repeat the same write.`,
  );
}
