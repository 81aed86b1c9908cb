import {
  decodeStructuralCursor,
  EvidenceError,
  encodeStructuralCursor,
  INVALID_CURSOR_MESSAGE,
  type JsonObject,
} from "@mono-agent/evidence";
import { logicalConversationOf, type SessionRollover } from "./conversation-scope.js";
import { SessionHistoryError } from "./session-history-error.js";
import type { SearchRequest } from "./session-history-request.js";
import type { CallOrderingKey } from "./session-history-store.js";

/** Cursor payload version. */
const CURSOR_VERSION = 1;

/** What every cursor is bound to: the logical and physical conversation and the current run. */
export interface CursorBinding {
  readonly conversationId: string;
  readonly runId: string;
  readonly rollover: SessionRollover;
  /** SHA-256 base64url, first 24 characters (`shortDigest` of `@mono-agent/evidence/node`). */
  readonly digest: (text: string) => string;
}

/** A search cursor: the binding digest and the anchor (last returned invocation). */
export interface SearchCursor extends CallOrderingKey {
  readonly kind: "search";
  readonly digest: string;
}

/** A get cursor: the record, the next byte offset and the binding digest. */
export interface GetCursor {
  readonly kind: "get";
  readonly recordId: string;
  readonly offset: number;
  readonly digest: string;
}

/** The opaque cursor failure: one message for every cause. */
export function invalidCursor(): SessionHistoryError {
  return new SessionHistoryError("invalid_cursor", INVALID_CURSOR_MESSAGE);
}

/** Digest of a search's binding: conversations, run, every filter, the limit and isolation. */
export function searchDigest(binding: CursorBinding, request: SearchRequest): string {
  return binding.digest(
    JSON.stringify([
      "search",
      CURSOR_VERSION,
      logicalConversationOf(binding),
      binding.conversationId,
      binding.runId,
      request.terms,
      request.tools ?? null,
      request.states ?? null,
      request.runIds ?? null,
      request.fromMs ?? null,
      request.toMs ?? null,
      request.limit,
      request.includeIsolated,
    ]),
  );
}

/** Digest of a get's binding: conversations, run, record and isolation. */
export function getDigest(binding: CursorBinding, recordId: string, includeIsolated: boolean): string {
  return binding.digest(
    JSON.stringify([
      "get",
      CURSOR_VERSION,
      logicalConversationOf(binding),
      binding.conversationId,
      binding.runId,
      recordId,
      includeIsolated,
    ]),
  );
}

export function encodeSearchCursor(digest: string, anchor: CallOrderingKey): string {
  return encodeStructuralCursor({
    v: CURSOR_VERSION,
    kind: "search",
    digest,
    runStartedAtMs: anchor.runStartedAtMs,
    runId: anchor.runId,
    startSequence: anchor.startSequence,
    toolCallId: anchor.toolCallId,
    anchorRecordId: anchor.recordId,
  });
}

export function encodeGetCursor(digest: string, recordId: string, offset: number): string {
  return encodeStructuralCursor({ v: CURSOR_VERSION, kind: "get", recordId, offset, digest });
}

/** Decodes either cursor; every failure is the opaque `invalid_cursor`. */
export function decodeCursor(cursor: string): SearchCursor | GetCursor {
  let payload: JsonObject;
  try {
    payload = decodeStructuralCursor(cursor);
  } catch (error) {
    if (EvidenceError.isInstance(error)) throw invalidCursor();
    throw error;
  }
  const keys = Object.keys(payload).sort().join(",");
  if (payload.v !== CURSOR_VERSION || typeof payload.digest !== "string") throw invalidCursor();
  if (
    payload.kind === "search" &&
    keys === "anchorRecordId,digest,kind,runId,runStartedAtMs,startSequence,toolCallId,v" &&
    Number.isSafeInteger(payload.runStartedAtMs) &&
    Number.isSafeInteger(payload.startSequence) &&
    typeof payload.runId === "string" &&
    typeof payload.toolCallId === "string" &&
    typeof payload.anchorRecordId === "string"
  ) {
    return {
      kind: "search",
      digest: payload.digest,
      runStartedAtMs: payload.runStartedAtMs as number,
      runId: payload.runId,
      startSequence: payload.startSequence as number,
      toolCallId: payload.toolCallId,
      recordId: payload.anchorRecordId,
    };
  }
  if (
    payload.kind === "get" &&
    keys === "digest,kind,offset,recordId,v" &&
    typeof payload.recordId === "string" &&
    Number.isSafeInteger(payload.offset) &&
    (payload.offset as number) > 0
  ) {
    return {
      kind: "get",
      digest: payload.digest,
      recordId: payload.recordId,
      offset: payload.offset as number,
    };
  }
  throw invalidCursor();
}
