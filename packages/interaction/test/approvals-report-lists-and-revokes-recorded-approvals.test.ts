import { join } from "node:path";
import { tempDir } from "@mono-agent/test-utils";
import { describe, expect, it } from "vitest";
import { approvalsListReport, openSqliteApprovals, revokeApprovalReport } from "../src/host.js";
import type { ApprovalRecord } from "../src/index.js";
import { createSqliteInteractionStore } from "../src/sqlite.js";

const NOW = Date.UTC(2026, 0, 2, 3, 4, 5);

const record: ApprovalRecord = {
  approvalId: "approval-1",
  runId: "run-1",
  conversationId: "web:thread-1",
  toolName: "shell",
  argumentsHash: "hash-1",
  decision: "approve",
  scope: "conversation",
  answeredBy: { channel: "web", userId: "u1", displayName: "Ada" },
  answeredAt: NOW,
  expiresAt: null,
};

describe("approvals report", () => {
  it("says nothing is recorded when the store was never written", () => {
    const artifactsDir = join(tempDir("approvals-"), ".mono-agent", "artifacts");
    expect(openSqliteApprovals({ artifactsDir })).toBeUndefined();
    expect(approvalsListReport(undefined, "text")).toBe("No approvals recorded yet.\n");
    expect(approvalsListReport(undefined, "json")).toBe('{"approvals":[],"count":0}\n');
    expect(revokeApprovalReport(undefined, "approval-1", "text", NOW)).toEqual({
      problem: 'no approval "approval-1": none recorded yet',
    });
  });

  it("lists approvals as a table with who answered, then revokes a live one once", () => {
    const artifactsDir = join(tempDir("approvals-"), ".mono-agent", "artifacts");
    const writer = createSqliteInteractionStore({ file: join(artifactsDir, "..", "interaction.sqlite") });
    writer.insertApproval(record);
    writer.close();
    const store = openSqliteApprovals({ artifactsDir });
    if (store === undefined) throw new Error("the store file was written");
    try {
      const table = approvalsListReport(store.listApprovals(10), "text");
      expect(table).toContain("answered by");
      expect(table).toContain("Ada");
      expect(table).toContain(new Date(NOW).toISOString());
      expect(revokeApprovalReport(store, "approval-1", "json", NOW + 1)).toEqual({
        output: '{"revoked":"approval-1"}\n',
      });
      expect(revokeApprovalReport(store, "approval-1", "text", NOW + 2)).toEqual({
        problem:
          'no live approval "approval-1": it does not exist or is already revoked (see mono-agent approvals list)',
      });
      const [listed] = JSON.parse(approvalsListReport(store.listApprovals(10), "json")).approvals;
      expect(listed).toEqual({ ...record, revokedAt: NOW + 1 });
    } finally {
      store.close();
    }
  });
});
