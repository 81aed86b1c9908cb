import type { RunSearchFields, SettledRunSearchFields } from "../history-search-fields.js";
import { isRunStatus } from "../run-status.js";
import type { RunSummary } from "../run-summary.js";
import { rowToSummary } from "../sqlite/run-row.js";

/** The summary columns, aliased to the field names of the SQLite row mapper. */
export const SUMMARY_SELECT = `run_id AS "runId", conversation_id AS "conversationId",
  logical_conversation_id AS "logicalConversationId", rollover_bucket AS "rolloverBucket", status,
  started_at_ms AS "startedAtMs", ended_at_ms AS "endedAtMs", updated_at_ms AS "updatedAtMs",
  duration_ms AS "durationMs", model, effort, source, source_detail AS "sourceDetail",
  user_input AS "userInput", failure_kind AS "failureKind", error, input_tokens AS "inputTokens",
  output_tokens AS "outputTokens", total_tokens AS "totalTokens", cost_usd AS "costUsd",
  tool_call_count AS "toolCallCount", tool_error_count AS "toolErrorCount", tools_json AS "toolsJson",
  mcp_servers_used_json AS "mcpServersUsedJson", warnings_json AS "warningsJson",
  final_output AS "finalOutput", event_count AS "eventCount", events_dropped AS "eventsDropped",
  owner_pid AS "ownerPid", owner_start_token AS "ownerStartToken", owner_host AS "ownerHost"`;

/** The search-field columns (ten, in {@link searchFieldsFromPgRow} order) plus `updated_at_ms`. */
export const SEARCH_SELECT = `run_id, status, started_at_ms, ended_at_ms, model, effort, source, source_detail,
  failure_kind, user_input, updated_at_ms`;

/** pg returns bigint columns as text: these are Unix milliseconds and token counts, well inside 2^53. */
const toNumber = (value: unknown): number => (typeof value === "number" ? value : Number(value));
const toNumberOrNull = (value: unknown): number | null =>
  value === null || value === undefined ? null : toNumber(value);

const BIGINT_FIELDS = ["startedAtMs", "updatedAtMs", "inputTokens", "outputTokens", "totalTokens"] as const;
const NULLABLE_BIGINT_FIELDS = ["endedAtMs", "durationMs"] as const;

/** A row of {@link SUMMARY_SELECT} as a {@link RunSummary}. */
export function pgRowToSummary(row: Record<string, unknown>): RunSummary {
  const fixed: Record<string, unknown> = { ...row, costUsd: toNumber(row.costUsd) };
  for (const field of BIGINT_FIELDS) fixed[field] = toNumber(row[field]);
  for (const field of NULLABLE_BIGINT_FIELDS) fixed[field] = toNumberOrNull(row[field]);
  return rowToSummary(fixed as Parameters<typeof rowToSummary>[0]);
}

/** A row of {@link SEARCH_SELECT} as {@link RunSearchFields}. */
export function searchFieldsFromPgRow(row: Record<string, unknown>): RunSearchFields {
  const status = row.status as string;
  const run: RunSearchFields = {
    runId: row.run_id as string,
    status: isRunStatus(status) ? status : "failed",
    startedAtMs: toNumber(row.started_at_ms),
    model: row.model as string,
    source: row.source as string,
    userInput: row.user_input as string,
  };
  if (row.ended_at_ms !== null) run.endedAtMs = toNumber(row.ended_at_ms);
  if (row.effort !== null) run.effort = row.effort as string;
  if (row.source_detail !== null) run.sourceDetail = row.source_detail as string;
  if (row.failure_kind !== null) run.failureKind = row.failure_kind as string;
  return run;
}

/** A row of {@link SEARCH_SELECT} as {@link SettledRunSearchFields}. */
export function settledFieldsFromPgRow(row: Record<string, unknown>): SettledRunSearchFields {
  return { ...searchFieldsFromPgRow(row), updatedAtMs: toNumber(row.updated_at_ms) };
}
