import { existsSync } from "node:fs";
import { renderTable } from "@mono-agent/evidence";
import type { ApprovalRecord, InteractionStore } from "../ask-store.js";
import { createSqliteInteractionStore } from "../sqlite/sqlite-interaction-store.js";
import { interactionStoreFile } from "./interaction-host.js";

/**
 * The host's SQLite ask and approval store opened to read or revoke approvals, or undefined when the
 * file was never written (nothing recorded yet). The caller closes the store.
 */
export function openSqliteApprovals(loaded: { readonly artifactsDir: string }): InteractionStore | undefined {
  const file = interactionStoreFile(loaded);
  return existsSync(file) ? createSqliteInteractionStore({ file }) : undefined;
}

/**
 * What `approvals list` prints: one JSON object, or a table newest first. `approvals` undefined means
 * no store was ever written.
 */
export function approvalsListReport(
  approvals: readonly ApprovalRecord[] | undefined,
  format: "json" | "text",
): string {
  const rows = approvals ?? [];
  if (format === "json") return `${JSON.stringify({ approvals: rows, count: rows.length })}\n`;
  if (rows.length === 0) return "No approvals recorded yet.\n";
  return renderTable(
    ["id", "tool", "decision", "scope", "conversation", "answered by", "when", "revoked"],
    rows.map((record) => [
      record.approvalId,
      record.toolName,
      record.decision,
      record.scope,
      record.conversationId,
      record.answeredBy.displayName ?? record.answeredBy.userId ?? record.answeredBy.channel,
      new Date(record.answeredAt).toISOString(),
      record.revokedAt === undefined ? "" : new Date(record.revokedAt).toISOString(),
    ]),
  );
}

/**
 * `approvals revoke`: revokes a live approval and returns what to print, or returns a `problem` (the
 * approval is unknown or already revoked) for the host to report as a failure.
 */
export function revokeApprovalReport(
  store: InteractionStore | undefined,
  approvalId: string,
  format: "json" | "text",
  now: number,
): { output: string } | { problem: string } {
  if (store === undefined) return { problem: `no approval ${JSON.stringify(approvalId)}: none recorded yet` };
  if (!store.revokeApproval(approvalId, now))
    return {
      problem: `no live approval ${JSON.stringify(approvalId)}: it does not exist or is already revoked (see mono-agent approvals list)`,
    };
  return {
    output: format === "json" ? `${JSON.stringify({ revoked: approvalId })}\n` : `Revoked ${approvalId}.\n`,
  };
}
