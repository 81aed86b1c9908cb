import { RunHistoryError } from "../run-history-error.js";
import { assertConversationId, logicalConversationId } from "../run-ids.js";
import { isRunStatus } from "../run-status.js";
import type { ListRunsQuery } from "../run-store.js";

/** A parameterised SQL fragment: `$n` placeholders numbered from 1 over `params`. */
export interface SqlParts {
  readonly conditions: string[];
  readonly params: unknown[];
}

/** Appends `value` to the parameters and returns its placeholder. */
export function bind(parts: SqlParts, value: unknown): string {
  parts.params.push(value);
  return `$${parts.params.length}`;
}

/** `WHERE …` of the conditions, or an empty string. */
export function whereOf(parts: SqlParts): string {
  return parts.conditions.length > 0 ? `WHERE ${parts.conditions.join(" AND ")}` : "";
}

/** The conditions of a list query's filters (checked as the SQLite store checks them). */
export function runFilter(query: Omit<ListRunsQuery, "limit" | "afterRunId">): SqlParts {
  const parts: SqlParts = { conditions: [], params: [] };
  if (query.conversationId !== undefined) {
    assertConversationId(query.conversationId);
    parts.conditions.push(`conversation_id = ${bind(parts, query.conversationId)}`);
  }
  if (query.logicalConversationId !== undefined) {
    assertConversationId(query.logicalConversationId);
    parts.conditions.push(
      `logical_conversation_id = ${bind(parts, logicalConversationId(query.logicalConversationId))}`,
    );
  }
  if (query.statuses !== undefined) {
    for (const status of query.statuses) {
      if (!isRunStatus(status))
        throw new RunHistoryError(
          "invalid_argument",
          `status ${JSON.stringify(status)} is not one of running, succeeded, failed, cancelled, interrupted.`,
        );
    }
    parts.conditions.push(`status = ANY(${bind(parts, [...query.statuses])}::text[])`);
  }
  if (query.excludeRunIds !== undefined && query.excludeRunIds.length > 0)
    parts.conditions.push(`NOT (run_id = ANY(${bind(parts, [...query.excludeRunIds])}::text[]))`);
  return parts;
}
