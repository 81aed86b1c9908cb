import type Database from "better-sqlite3";
import { withoutRolloverBucket } from "../conversation-scope.js";
import { SessionHistoryError } from "../session-history-error.js";
import type { InvocationWrite, ResultWrite } from "../tool-lifecycle-write.js";
import { acceptArtifacts } from "./artifact-paths.js";
import { toolRecordId } from "./record-ids.js";

/** Placeholder payload of a call whose invocation was never recorded (its result arrived alone). */
const MISSING_INVOCATION_PAYLOAD = JSON.stringify("[invocation not recorded]");

/** The lower-cased text search matches: tool name, arguments and result (all already redacted). */
export function searchableText(row: {
  toolName: string;
  invocationPayload: string;
  resultPayload: string | null;
}): string {
  return `${row.toolName}\n${row.invocationPayload}\n${row.resultPayload ?? ""}`
    .normalize("NFKC")
    .toLowerCase();
}

/** The hot write path: prepared once per connection (drizzle builds and prepares per call, too slow at 1,000 writes/s). */
export interface ToolHistoryWriteStatements {
  writeInvocation(write: InvocationWrite, ownerId: string): void;
  writeResult(write: ResultWrite, ownerId: string, toolOutputRoot: string | undefined): void;
}

interface ExistingRow {
  row_id: number;
  result_record_id: string | null;
  invocation_payload: string;
  start_sequence: number;
  result_payload: string | null;
  state: string | null;
}

/** Prepares the write statements of one connection. */
export function prepareWrites(sqlite: Database.Database): ToolHistoryWriteStatements {
  const find = sqlite.prepare(
    "SELECT row_id, result_record_id, invocation_payload, start_sequence, result_payload, state FROM tool_calls WHERE invocation_record_id = ?",
  );
  const insertCall = sqlite.prepare(
    `INSERT INTO tool_calls (invocation_record_id, conversation_id, scope_conversation_id, run_id, tool_call_id, tool_name,
       isolated, recovered, run_started_at_ms, owner_id, start_sequence, started_at_ms, invocation_payload,
       invocation_original_bytes, invocation_retained_bytes, invocation_truncated, artifacts)
     VALUES (?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?, ?, ?, '[]')`,
  );
  const fillInvocation = sqlite.prepare(
    `UPDATE tool_calls SET start_sequence = ?, started_at_ms = ?, invocation_payload = ?, invocation_original_bytes = ?,
       invocation_retained_bytes = ?, invocation_truncated = ? WHERE row_id = ?`,
  );
  const setResult = sqlite.prepare(
    `UPDATE tool_calls SET result_record_id = ?, end_sequence = ?, state = ?, failure_kind = ?, detail_code = ?,
       ended_at_ms = ?, execution_ms = ?, result_payload = ?, result_original_bytes = ?, result_retained_bytes = ?,
       result_truncated = ?, artifacts = ? WHERE row_id = ? AND result_record_id IS NULL`,
  );
  const insertText = sqlite.prepare("INSERT INTO tool_call_text (rowid, text) VALUES (?, ?)");
  const identity = (write: InvocationWrite | ResultWrite, invocationRecordId: string, ownerId: string) => [
    invocationRecordId,
    write.conversationId,
    withoutRolloverBucket(write.conversationId),
    write.runId,
    write.toolCallId,
    write.toolName,
    write.isolated ? 1 : 0,
    write.runStartedAtMs,
    ownerId,
  ];
  const writeInvocation = sqlite.transaction((write: InvocationWrite, ownerId: string) => {
    const invocationRecordId = toolRecordId("invocation", write);
    const payload = write.payload;
    const existing = find.get(invocationRecordId) as ExistingRow | undefined;
    if (existing) {
      if (existing.invocation_payload === payload.payload && existing.start_sequence === write.sequence)
        return;
      if (existing.invocation_payload !== MISSING_INVOCATION_PAYLOAD) throw conflict(invocationRecordId);
      fillInvocation.run(
        write.sequence,
        write.startedAtMs,
        payload.payload,
        payload.originalBytes,
        payload.retainedBytes,
        payload.truncated ? 1 : 0,
        existing.row_id,
      );
      return;
    }
    insertCall.run(
      ...identity(write, invocationRecordId, ownerId),
      write.sequence,
      write.startedAtMs,
      payload.payload,
      payload.originalBytes,
      payload.retainedBytes,
      payload.truncated ? 1 : 0,
    );
  });
  const writeResult = sqlite.transaction(
    (write: ResultWrite, ownerId: string, toolOutputRoot: string | undefined) => {
      const invocationRecordId = toolRecordId("invocation", write);
      const resultRecordId = toolRecordId("result", write);
      let existing = find.get(invocationRecordId) as ExistingRow | undefined;
      if (existing?.result_record_id) {
        if (existing.result_payload === write.payload.payload && existing.state === write.state) return;
        throw conflict(resultRecordId);
      }
      let invocationPayload = existing?.invocation_payload ?? MISSING_INVOCATION_PAYLOAD;
      if (!existing) {
        const rowId = insertCall.run(
          ...identity(write, invocationRecordId, ownerId),
          write.sequence,
          write.endedAtMs - (write.executionMs ?? 0),
          MISSING_INVOCATION_PAYLOAD,
          0,
          0,
          0,
        ).lastInsertRowid;
        existing = {
          row_id: Number(rowId),
          result_record_id: null,
          invocation_payload: invocationPayload,
          start_sequence: write.sequence,
          result_payload: null,
          state: null,
        };
        invocationPayload = MISSING_INVOCATION_PAYLOAD;
      }
      const artifacts = JSON.stringify(acceptArtifacts(toolOutputRoot, write.runId, write.artifactPaths));
      const changes = setResult.run(
        resultRecordId,
        write.sequence,
        write.state,
        write.failureKind ?? null,
        write.detailCode ?? null,
        write.endedAtMs,
        write.executionMs ?? null,
        write.payload.payload,
        write.payload.originalBytes,
        write.payload.retainedBytes,
        write.payload.truncated ? 1 : 0,
        artifacts,
        existing.row_id,
      ).changes;
      if (changes > 0) {
        insertText.run(
          existing.row_id,
          searchableText({
            toolName: write.toolName,
            invocationPayload,
            resultPayload: write.payload.payload,
          }),
        );
      }
    },
  );
  return {
    writeInvocation: (write, ownerId) => writeInvocation(write, ownerId),
    writeResult: (write, ownerId, toolOutputRoot) => writeResult(write, ownerId, toolOutputRoot),
  };
}

function conflict(recordId: string): SessionHistoryError {
  return new SessionHistoryError(
    "idempotency_conflict",
    `The record ${recordId} was already written with different content; a retry must repeat the same write.`,
  );
}
