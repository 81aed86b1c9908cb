import { CHUNK_MAX_BYTES } from "./limits.js";

/** One tool-authored next step with the exact arguments to submit. */
export interface SessionHistoryAction {
  readonly kind: "get_result" | "get_invocation" | "next_search_page" | "next_get_chunk" | "search";
  readonly description: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  readonly runId?: string;
  readonly recordRole?: "invocation" | "result";
}

/** Trusted navigation, kept apart from the untrusted evidence. */
export interface SessionHistoryNavigation {
  readonly guidance: string;
  readonly nextActions: readonly SessionHistoryAction[];
  readonly [extra: string]: unknown;
}

/** `{ includeIsolated: true }` when the call had it, so every next step keeps the same isolation. */
export function isolation(includeIsolated: boolean): { includeIsolated?: true } {
  return includeIsolated ? { includeIsolated: true } : {};
}

/** Exact get of one record with the supported 8 KiB chunk bound. */
export function getRecordAction(
  role: "invocation" | "result",
  call: { recordId: string; runId: string; toolName: string },
  includeIsolated: boolean,
): SessionHistoryAction {
  return {
    kind: role === "result" ? "get_result" : "get_invocation",
    description:
      role === "result"
        ? `Read the terminal result record of this ${call.toolName} call.`
        : `Read the invocation record (arguments) of this ${call.toolName} call.`,
    arguments: {
      action: "get",
      recordId: call.recordId,
      chunkBytes: CHUNK_MAX_BYTES,
      ...isolation(includeIsolated),
    },
    runId: call.runId,
    recordRole: role,
  };
}

/** The error result's only way on: start again. */
export const START_AGAIN_ACTION: SessionHistoryAction = {
  kind: "search",
  description: "Start again with the five most recent completed calls of this session.",
  arguments: {},
};
