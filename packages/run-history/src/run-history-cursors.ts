import {
  decodeStructuralCursor,
  EvidenceError,
  encodeStructuralCursor,
  type JsonObject,
} from "@mono-agent/evidence";
import { RunHistoryError } from "./run-history-error.js";

/** Version of every RunHistory cursor (reference §4.3: version 1). */
const CURSOR_VERSION = 1;

/** A list or search page cursor: continue after this run (search cursors are bound to their query's terms). */
export interface PageCursor {
  kind: "list" | "search";
  afterRunId: string;
  queryDigest?: string;
}

/** A timeline page cursor: this run's timeline from `offset`. */
export interface TimelineCursor {
  kind: "timeline";
  runId: string;
  offset: number;
}

/** The one opaque cursor error (reference §4.3: "unavailable or expired"). */
export function invalidCursor(): RunHistoryError {
  return new RunHistoryError(
    "invalid_cursor",
    "The cursor is unavailable or expired. Start again with {} (or repeat the search or inspection without a cursor).",
  );
}

/** Encodes a page or timeline cursor (unsigned base64url JSON, version 1, checksummed). */
export function encodeRunHistoryCursor(cursor: PageCursor | TimelineCursor): string {
  return encodeStructuralCursor({ v: CURSOR_VERSION, ...cursor } as JsonObject);
}

/** Decodes a cursor of the expected kind; every failure is `invalid_cursor`. */
export function decodeRunHistoryCursor(cursor: string, kind: "list" | "search"): PageCursor;
export function decodeRunHistoryCursor(cursor: string, kind: "timeline"): TimelineCursor;
export function decodeRunHistoryCursor(cursor: string, kind: "list" | "search" | "timeline") {
  try {
    const payload = decodeStructuralCursor(cursor);
    if (payload.v !== CURSOR_VERSION || payload.kind !== kind) throw invalidCursor();
    if (kind === "timeline") {
      if (
        typeof payload.runId !== "string" ||
        !Number.isSafeInteger(payload.offset) ||
        (payload.offset as number) < 0
      )
        throw invalidCursor();
      return { kind, runId: payload.runId, offset: payload.offset as number } satisfies TimelineCursor;
    }
    if (typeof payload.afterRunId !== "string") throw invalidCursor();
    if (kind === "search" && typeof payload.queryDigest !== "string") throw invalidCursor();
    return {
      kind,
      afterRunId: payload.afterRunId,
      ...(kind === "search" ? { queryDigest: payload.queryDigest as string } : {}),
    } satisfies PageCursor;
  } catch (error) {
    if (EvidenceError.isInstance(error) || RunHistoryError.isInstance(error)) throw invalidCursor();
    throw error;
  }
}
