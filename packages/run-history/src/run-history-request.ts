import { utf8ByteLength } from "@mono-agent/evidence";
import { RunHistoryError } from "./run-history-error.js";
import {
  RUN_HISTORY_DEFAULT_LIMIT,
  RUN_HISTORY_MAX_LIMIT,
  RUN_HISTORY_QUERY_MAX_BYTES,
  RUN_HISTORY_RUN_ID_MAX_BYTES,
} from "./run-history-limits.js";
import type { SafeText } from "./run-history-safe-text.js";
import { searchTermsOf } from "./run-history-terms.js";
import { RUN_ID_PATTERN } from "./run-ids.js";

/** Every argument RunHistory accepts (reference §4.3, strict object). */
export const RUN_HISTORY_ARGUMENT_NAMES = ["action", "query", "runId", "run_id", "cursor", "limit"] as const;

/** The three actions; inferred when `action` is absent: runId/run_id ⇒ inspect, else query ⇒ search, else list. */
export const RUN_HISTORY_ACTIONS = ["list", "search", "inspect"] as const;

/** A validated RunHistory call. */
export type RunHistoryRequest =
  | { action: "list"; limit: number; cursor?: string }
  | { action: "search"; query: string; terms: string[]; limit: number; cursor?: string }
  | { action: "inspect"; runId: string; cursor?: string };

const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const LETTER_OR_NUMBER = /[\p{L}\p{N}]/u;

const fail = (code: ConstructorParameters<typeof RunHistoryError>[0], message: string) =>
  new RunHistoryError(code, message);

/** Validates the arguments of one call; throws a {@link RunHistoryError} with a tool-facing code naming what is accepted. */
export function parseRunHistoryRequest(args: Record<string, unknown>, safe: SafeText): RunHistoryRequest {
  const given = Object.keys(args).filter((key) => args[key] !== undefined);
  const unknown = given.filter((key) => !(RUN_HISTORY_ARGUMENT_NAMES as readonly string[]).includes(key));
  if (unknown.length > 0)
    throw fail(
      "invalid_request",
      `Unknown argument ${unknown.map((key) => JSON.stringify(key.slice(0, 40))).join(", ")}; accepted: ${RUN_HISTORY_ARGUMENT_NAMES.join(", ")}.`,
    );
  const { action } = args;
  if (action !== undefined && !(RUN_HISTORY_ACTIONS as readonly unknown[]).includes(action))
    throw fail(
      "invalid_request",
      'action must be "list", "search" or "inspect" (or left out to be inferred).',
    );
  const runId = parseRunId(args.runId, args.run_id);
  const resolved = action ?? (runId !== undefined ? "inspect" : args.query !== undefined ? "search" : "list");
  const cursor = parseCursor(args.cursor);
  const withCursor = cursor !== undefined ? { cursor } : {};
  if (resolved === "inspect") {
    rejectArguments("inspect", args, ["query", "limit"]);
    if (runId === undefined)
      throw fail("invalid_request", 'inspect needs runId: { "runId": "<id from a list or search>" }.');
    return { action: "inspect", runId, ...withCursor };
  }
  if (runId !== undefined)
    throw fail(
      "invalid_request",
      `${resolved} does not take runId; use { "runId": "..." } to inspect a run.`,
    );
  const limit = parseLimit(args.limit);
  if (resolved === "list") {
    rejectArguments("list", args, ["query"]);
    return { action: "list", limit, ...withCursor };
  }
  const query = parseQuery(args.query, safe);
  return { action: "search", query, terms: searchTermsOf(query), limit, ...withCursor };
}

function rejectArguments(action: string, args: Record<string, unknown>, names: readonly string[]): void {
  const misplaced = names.filter((name) => args[name] !== undefined);
  if (misplaced.length > 0)
    throw fail(
      "invalid_request",
      `${action} does not take ${misplaced.join(", ")}; list takes limit and cursor, search takes query, limit and cursor, inspect takes runId and cursor.`,
    );
}

function parseRunId(runId: unknown, alias: unknown): string | undefined {
  if (runId !== undefined && alias !== undefined && runId !== alias)
    throw fail(
      "conflicting_run_id",
      "runId and run_id name different runs; give one of them (run_id is an alias of runId).",
    );
  const value = runId ?? alias;
  if (value === undefined) return undefined;
  if (
    typeof value !== "string" ||
    value.trim() !== value ||
    value === "" ||
    utf8ByteLength(value) > RUN_HISTORY_RUN_ID_MAX_BYTES ||
    CONTROL.test(value) ||
    !RUN_ID_PATTERN.test(value)
  )
    throw fail(
      "invalid_run_id",
      `runId must be a run id from a list or search: 1 to 200 letters, digits, ".", "_" or "-", starting with a letter or digit (at most ${RUN_HISTORY_RUN_ID_MAX_BYTES} bytes, no spaces or control characters).`,
    );
  return value;
}

function parseLimit(value: unknown): number {
  if (value === undefined) return RUN_HISTORY_DEFAULT_LIMIT;
  if (!Number.isSafeInteger(value) || (value as number) < 1 || (value as number) > RUN_HISTORY_MAX_LIMIT)
    throw fail(
      "invalid_limit",
      `limit must be an integer from 1 to ${RUN_HISTORY_MAX_LIMIT} (default ${RUN_HISTORY_DEFAULT_LIMIT}); received ${JSON.stringify(value)?.slice(0, 40)}.`,
    );
  return value as number;
}

function parseQuery(value: unknown, safe: SafeText): string {
  const accepted = `query must be text of 1 to ${RUN_HISTORY_QUERY_MAX_BYTES} UTF-8 bytes with at least one letter or number`;
  if (typeof value !== "string" || value.trim() === "")
    throw fail("invalid_query", `${accepted}; it is empty.`);
  if (utf8ByteLength(value) > RUN_HISTORY_QUERY_MAX_BYTES)
    throw fail("invalid_query", `${accepted}; it is too long.`);
  if (!LETTER_OR_NUMBER.test(value)) throw fail("invalid_query", `${accepted}; it has none.`);
  if (safe.isUnsafe(value))
    throw fail(
      "invalid_query",
      `${accepted}, and no private artifact paths or credential text; remove them and search again.`,
    );
  return value;
}

function parseCursor(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string")
    throw fail("invalid_cursor", "The cursor is unavailable or expired. Start again with {}.");
  return value;
}
