import { ContinuationError } from "../continuation-error.js";
import { DEADLINE_MAX_MS, TASK_KEY_MAX_CHARS } from "../continuation-limits.js";
import type { ContinuationRecord } from "../continuation-record.js";
import {
  admitClaim,
  type ProtocolContext,
  type ResultResponse,
  submitResult,
} from "./continuation-protocol.js";
import { claimFingerprint } from "./continuation-tokens.js";
import type { ContinuationRow } from "./record-row.js";

/**
 * The result-token digest of a handed-off MCP task. It is not a SHA-256 digest (those are 43
 * base64url characters), so no bearer ever matches it: only the host, in-process, settles such a
 * record. It is also how a record is known to be a handed-off task (`source: "mcp_task"`).
 */
export const TASK_HANDOFF_TOKEN_DIGEST = "mcp-task-handoff";

/** The `taskKey` of a handed-off task is this prefix and the server's task id. */
export const TASK_HANDOFF_KEY_PREFIX = "mcp-task:";

/** The `taskHash` of every handed-off task (the task id is the key; there is no body to hash). */
export const TASK_HANDOFF_TASK_HASH = "mcp-task-handoff/v1";

/** Longest task id that can be handed off: what fits a `taskKey` ({@link TASK_KEY_MAX_CHARS}) after the prefix. */
export const TASK_HANDOFF_TASK_ID_MAX_CHARS = TASK_KEY_MAX_CHARS - TASK_HANDOFF_KEY_PREFIX.length;

/**
 * Time between a handed-off task's own deadline and its record's, in ms. The host settles a task that
 * ran past its deadline as `expired` (delivered once); the margin keeps the worker from expiring the
 * record silently first. Ten minutes covers the longest poll wait and a host restart.
 */
export const TASK_HANDOFF_SETTLE_MARGIN_MS = 10 * 60_000;

/** A task of an MCP server that outlives its run, as the host hands it to the store. */
export interface TaskHandoffRequest {
  runId: string;
  serverName: string;
  conversationId: string;
  /** The server's task id (`tasks/get`), at most {@link TASK_HANDOFF_TASK_ID_MAX_CHARS} characters. */
  taskId: string;
  /** When the host gives the task up (epoch ms); capped at 30 days from now. */
  deadlineMs: number;
}

/** The record that now stands for the task. */
export interface TaskHandoffClaim {
  continuationId: string;
  /** The task's deadline as stored (the request's, capped). */
  deadlineMs: number;
  replayed: boolean;
}

/** Whether a row stands for a handed-off MCP task. */
export function isTaskHandoffRow(row: Pick<ContinuationRow, "resultTokenDigest">): boolean {
  return row.resultTokenDigest === TASK_HANDOFF_TOKEN_DIGEST;
}

/** The server's task id of a handed-off task's record, or undefined for any other record. */
export function handedOffTaskId(record: ContinuationRecord): string | undefined {
  return record.source === "mcp_task" ? record.taskKey.slice(TASK_HANDOFF_KEY_PREFIX.length) : undefined;
}

/** When the host gives a handed-off task up: its record's deadline less the settle margin. */
export function taskHandoffDeadlineMs(record: Pick<ContinuationRecord, "deadlineMs">): number {
  return record.deadlineMs - TASK_HANDOFF_SETTLE_MARGIN_MS;
}

/**
 * Records a handed-off task as a `reply` continuation of its run and server: the same fingerprint as
 * the server's own claims in that run (so `maxActivePerOrigin` counts both), the same admission limits,
 * the same origin-context lifecycle. The same task again replays; a server's own claim of that key is
 * `claim_conflict`.
 */
export function handOffTask(
  context: ProtocolContext,
  request: TaskHandoffRequest,
  now: number,
): TaskHandoffClaim {
  if (request.taskId === "" || request.taskId.length > TASK_HANDOFF_TASK_ID_MAX_CHARS)
    throw new ContinuationError(
      "invalid_argument",
      `a handed-off task id must be 1..${TASK_HANDOFF_TASK_ID_MAX_CHARS} characters; received ${request.taskId.length}`,
    );
  if (!Number.isFinite(request.deadlineMs) || request.deadlineMs <= now)
    throw new ContinuationError("invalid_argument", "a handed-off task's deadline must be in the future");
  const deadlineMs = Math.min(request.deadlineMs, now + DEADLINE_MAX_MS - TASK_HANDOFF_SETTLE_MARGIN_MS);
  const binding = {
    serverName: request.serverName,
    runId: request.runId,
    originConversationId: request.conversationId,
    replyTo: request.conversationId,
    historyBoundary: request.runId,
    mode: "reply" as const,
  };
  const taskKey = `${TASK_HANDOFF_KEY_PREFIX}${request.taskId}`;
  return context.store.transaction(() => {
    const existing = context.store.findByTask(request.serverName, request.runId, taskKey);
    if (existing) {
      if (!isTaskHandoffRow(existing))
        throw new ContinuationError(
          "claim_conflict",
          `task key "${taskKey}" was already claimed by the server itself`,
        );
      return {
        continuationId: existing.continuationId,
        deadlineMs: taskHandoffDeadlineMs(existing),
        replayed: true,
      };
    }
    const claim = admitClaim(
      context,
      {
        serverName: request.serverName,
        originRunId: request.runId,
        originConversationId: request.conversationId,
        replyTo: request.conversationId,
        historyBoundary: request.runId,
        mode: "reply",
        routeName: null,
        destinationConversationId: request.conversationId,
        fingerprint: claimFingerprint(binding),
        originContextState: "pending",
      },
      { taskKey, taskHash: TASK_HANDOFF_TASK_HASH, deadlineMs: deadlineMs + TASK_HANDOFF_SETTLE_MARGIN_MS },
      now,
      TASK_HANDOFF_TOKEN_DIGEST,
    );
    return { continuationId: claim.continuationId, deadlineMs, replayed: false };
  });
}

/**
 * Accepts the outcome of a handed-off task as its record's result, like a result submission (an
 * identical outcome replays, another one is `result_conflict`). Records that are not handed-off tasks
 * are refused with `invalid_result_token`.
 */
export function settleTaskHandoff(
  context: ProtocolContext,
  continuationId: string,
  outcome: { idempotencyKey: string; payload: unknown },
  now: number,
): ResultResponse {
  const row = context.store.row(continuationId);
  if (!row || !isTaskHandoffRow(row))
    throw new ContinuationError(
      "invalid_result_token",
      `continuation ${continuationId} is not a handed-off MCP task`,
    );
  return submitResult(context, continuationId, outcome, now);
}
