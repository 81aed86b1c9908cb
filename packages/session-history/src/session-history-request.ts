import { utf8ByteLength } from "@mono-agent/evidence";
import {
  CHUNK_DEFAULT_BYTES,
  CHUNK_MAX_BYTES,
  FILTER_MAX_VALUES,
  FILTER_VALUE_MAX_BYTES,
  QUERY_MAX_BYTES,
  RECORD_ID_MAX_BYTES,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
} from "./limits.js";
import { invalidCursor } from "./session-history-cursors.js";
import { SessionHistoryError } from "./session-history-error.js";
import { isTerminalState, TERMINAL_STATES, type TerminalState } from "./terminal-state.js";

/** Every argument the tool accepts (reference §5.2). */
export const SESSION_HISTORY_ARGUMENT_NAMES = [
  "action",
  "query",
  "tools",
  "states",
  "runIds",
  "fromMs",
  "toMs",
  "includeIsolated",
  "limit",
  "recordId",
  "toolCallId",
  "chunkBytes",
  "cursor",
] as const;

const SEARCH_ONLY = ["query", "tools", "states", "runIds", "fromMs", "toMs", "limit"] as const;
const GET_ONLY = ["recordId", "toolCallId", "chunkBytes"] as const;

/** A validated search. */
export interface SearchRequest {
  readonly action: "search";
  readonly query?: string;
  /** NFKC, lower-cased, whitespace-separated, de-duplicated terms of `query`. */
  readonly terms: readonly string[];
  readonly tools?: readonly string[];
  readonly states?: readonly TerminalState[];
  readonly runIds?: readonly string[];
  readonly fromMs?: number;
  readonly toMs?: number;
  readonly includeIsolated: boolean;
  readonly limit: number;
  readonly cursor?: string;
}

/** A validated get: exactly one of recordId, toolCallId, cursor. */
export interface GetRequest {
  readonly action: "get";
  readonly recordId?: string;
  readonly toolCallId?: string;
  readonly cursor?: string;
  readonly includeIsolated: boolean;
  readonly chunkBytes: number;
}

/**
 * Validates the tool arguments. `cursorKind` tells a bare `{ cursor }` which action it continues.
 * @throws SessionHistoryError with the tool-facing code naming what is wrong and what is accepted.
 */
export function parseSessionHistoryRequest(
  args: Record<string, unknown>,
  cursorKind: (cursor: string) => "search" | "get",
): SearchRequest | GetRequest {
  const unknown = Object.keys(args).filter(
    (key) => !(SESSION_HISTORY_ARGUMENT_NAMES as readonly string[]).includes(key) && args[key] !== undefined,
  );
  if (unknown.length > 0) {
    throw new SessionHistoryError(
      "invalid_request",
      `Unknown argument ${unknown.map((key) => JSON.stringify(key)).join(", ")}; accepted: ${SESSION_HISTORY_ARGUMENT_NAMES.join(", ")}.`,
    );
  }
  if (args.action !== undefined && args.action !== "search" && args.action !== "get") {
    throw new SessionHistoryError("invalid_request", 'action must be "search" or "get".');
  }
  const includeIsolated = parseIncludeIsolated(args.includeIsolated);
  let action = args.action as "search" | "get" | undefined;
  if (action === undefined) {
    if (args.recordId !== undefined || args.toolCallId !== undefined) action = "get";
    else if (typeof args.cursor === "string" && SEARCH_ONLY.every((key) => args[key] === undefined))
      action = cursorKind(args.cursor);
    else action = "search";
  }
  return action === "get" ? parseGet(args, includeIsolated) : parseSearch(args, includeIsolated);
}

function parseSearch(args: Record<string, unknown>, includeIsolated: boolean): SearchRequest {
  const misplaced = GET_ONLY.filter((key) => args[key] !== undefined);
  if (misplaced.length > 0) {
    throw new SessionHistoryError(
      "invalid_request",
      `A search does not take ${misplaced.join(", ")}; use { "action": "get", "recordId": "..." } to read one record.`,
    );
  }
  const query = parseQuery(args.query);
  const limit = parseLimit(args.limit);
  const tools = parseFilter("tools", args.tools);
  const states = parseFilter("states", args.states) as TerminalState[] | undefined;
  const runIds = parseFilter("runIds", args.runIds);
  const fromMs = parseTime("fromMs", args.fromMs);
  const toMs = parseTime("toMs", args.toMs);
  if (fromMs !== undefined && toMs !== undefined && fromMs > toMs) {
    throw new SessionHistoryError(
      "invalid_time_range",
      `fromMs (${fromMs}) must not be after toMs (${toMs}).`,
    );
  }
  const cursor = parseCursorArgument(args.cursor);
  return {
    action: "search",
    ...(query !== undefined ? { query } : {}),
    terms: query === undefined ? [] : termsOf(query),
    ...(tools ? { tools } : {}),
    ...(states ? { states } : {}),
    ...(runIds ? { runIds } : {}),
    ...(fromMs !== undefined ? { fromMs } : {}),
    ...(toMs !== undefined ? { toMs } : {}),
    includeIsolated,
    limit,
    ...(cursor !== undefined ? { cursor } : {}),
  };
}

function parseGet(args: Record<string, unknown>, includeIsolated: boolean): GetRequest {
  const misplaced = SEARCH_ONLY.filter((key) => args[key] !== undefined);
  if (misplaced.length > 0) {
    throw new SessionHistoryError(
      "invalid_request",
      `A get does not take ${misplaced.join(", ")}; those are search arguments.`,
    );
  }
  const given = (["recordId", "toolCallId", "cursor"] as const).filter((key) => args[key] !== undefined);
  if (given.length !== 1) {
    throw new SessionHistoryError(
      "invalid_request",
      "A get takes exactly one of recordId, toolCallId or cursor" +
        (given.length > 1 ? ` (received ${given.join(" and ")}).` : "."),
    );
  }
  const chunkBytes = args.chunkBytes ?? CHUNK_DEFAULT_BYTES;
  if (
    !Number.isSafeInteger(chunkBytes) ||
    (chunkBytes as number) < 1 ||
    (chunkBytes as number) > CHUNK_MAX_BYTES
  ) {
    throw new SessionHistoryError(
      "invalid_chunk_size",
      `chunkBytes must be an integer from 1 to ${CHUNK_MAX_BYTES}; received ${JSON.stringify(args.chunkBytes)}.`,
    );
  }
  const recordId = parseId("recordId", args.recordId);
  const toolCallId = parseId("toolCallId", args.toolCallId);
  const cursor = parseCursorArgument(args.cursor);
  return {
    action: "get",
    ...(recordId !== undefined ? { recordId } : {}),
    ...(toolCallId !== undefined ? { toolCallId } : {}),
    ...(cursor !== undefined ? { cursor } : {}),
    includeIsolated,
    chunkBytes: chunkBytes as number,
  };
}

/** NFKC, lower-cased, whitespace-separated terms without duplicates. */
export function termsOf(query: string): string[] {
  return [
    ...new Set(
      query
        .normalize("NFKC")
        .toLowerCase()
        .split(/\s+/u)
        .filter((term) => term !== ""),
    ),
  ];
}

function parseIncludeIsolated(value: unknown): boolean {
  if (value === undefined) return false;
  if (typeof value !== "boolean")
    throw new SessionHistoryError("invalid_request", "includeIsolated must be true or false.");
  return value;
}

function parseQuery(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value.trim() === "" || utf8ByteLength(value) > QUERY_MAX_BYTES) {
    throw new SessionHistoryError(
      "invalid_query",
      `query must be text of 1 to ${QUERY_MAX_BYTES} UTF-8 bytes with at least one non-space character.`,
    );
  }
  return value;
}

function parseLimit(value: unknown): number {
  if (value === undefined) return SEARCH_DEFAULT_LIMIT;
  if (!Number.isSafeInteger(value) || (value as number) < 1 || (value as number) > SEARCH_MAX_LIMIT) {
    throw new SessionHistoryError(
      "invalid_limit",
      `limit must be an integer from 1 to ${SEARCH_MAX_LIMIT} (default ${SEARCH_DEFAULT_LIMIT}); received ${JSON.stringify(value)}.`,
    );
  }
  return value as number;
}

function parseFilter(name: "tools" | "states" | "runIds", value: unknown): string[] | undefined {
  if (value === undefined) return undefined;
  const accepted =
    name === "states"
      ? `values from ${TERMINAL_STATES.join(", ")}`
      : `non-empty strings of at most ${FILTER_VALUE_MAX_BYTES} UTF-8 bytes`;
  if (
    !Array.isArray(value) ||
    value.length === 0 ||
    value.length > FILTER_MAX_VALUES ||
    !value.every(
      (item) =>
        typeof item === "string" &&
        item !== "" &&
        utf8ByteLength(item) <= FILTER_VALUE_MAX_BYTES &&
        (name !== "states" || isTerminalState(item)),
    )
  ) {
    throw new SessionHistoryError(
      "invalid_filter",
      `${name} must be a list of 1 to ${FILTER_MAX_VALUES} ${accepted}.`,
    );
  }
  return [...new Set(value as string[])];
}

function parseTime(name: "fromMs" | "toMs", value: unknown): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isSafeInteger(value) || (value as number) < 0) {
    throw new SessionHistoryError(
      "invalid_time_range",
      `${name} must be a non-negative integer of milliseconds since 1970; received ${JSON.stringify(value)}.`,
    );
  }
  return value as number;
}

function parseId(name: "recordId" | "toolCallId", value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || value === "" || utf8ByteLength(value) > RECORD_ID_MAX_BYTES) {
    throw new SessionHistoryError(
      "invalid_record",
      `${name} must be a non-empty string of at most ${RECORD_ID_MAX_BYTES} UTF-8 bytes.`,
    );
  }
  return value;
}

function parseCursorArgument(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string") throw invalidCursor();
  return value;
}
