import { ContinuationError } from "../continuation-error.js";

/** The keyset cursor of the operator list: base64url of `<claimedAtMs>|<continuationId>` of the last record shown. */
export function encodeCursor(row: { claimedAtMs: number; continuationId: string }): string {
  return Buffer.from(`${row.claimedAtMs}|${row.continuationId}`).toString("base64url");
}

export function decodeCursor(cursor: string): { claimedAtMs: number; continuationId: string } {
  const text = /^[A-Za-z0-9_-]{1,200}$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8") : "";
  const [ms, id] = text.split("|");
  const claimedAtMs = Number(ms);
  if (!Number.isSafeInteger(claimedAtMs) || !id)
    throw new ContinuationError(
      "invalid_argument",
      "the cursor is not one this store issued; start without --cursor",
    );
  return { claimedAtMs, continuationId: id };
}
