import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteInteractionStore } from "@mono-agent/interaction/sqlite";
import { afterAll, expect, test } from "vitest";
import { runCli } from "../cli/run-cli.js";

const agentDir = mkdtempSync(join(tmpdir(), "approvals-cli-"));
afterAll(() => rmSync(agentDir, { recursive: true, force: true }));

test("approvals list shows who granted what; revoke ends the grant, so the next call asks again", () => {
  writeFileSync(
    join(agentDir, "mono-agent.config.json"),
    JSON.stringify({ tools: { approval: { mode: "annotations" } } }),
  );
  expect(runCli(["approvals", "list"], { cwd: agentDir }).stdout).toBe("No approvals recorded yet.\n");
  mkdirSync(join(agentDir, ".mono-agent"), { recursive: true });
  const file = join(agentDir, ".mono-agent", "interaction.sqlite");
  const store = createSqliteInteractionStore({ file });
  store.insertApproval({
    approvalId: "ap-1",
    runId: "run-1",
    conversationId: "web:t1",
    toolName: "mcp__files__delete_file",
    argumentsHash: "h",
    decision: "approve",
    scope: "conversation",
    answeredBy: { channel: "web", displayName: "web console" },
    answeredAt: Date.parse("2026-12-01T10:00:00Z"),
    expiresAt: null,
  });
  const lookup = {
    toolName: "mcp__files__delete_file",
    argumentsHash: "other",
    runId: "run-2",
    conversationId: "web:t1",
    now: Date.now(),
  };
  expect(store.findGrant(lookup)?.approvalId).toBe("ap-1");
  store.close();

  const listed = runCli(["approvals", "list"], { cwd: agentDir });
  expect(listed.exitCode).toBe(0);
  expect(listed.stdout).toContain("mcp__files__delete_file");
  expect(listed.stdout).toContain("conversation");
  expect(listed.stdout).toContain("web console");
  expect(runCli(["approvals", "revoke", "ap-1"], { cwd: agentDir }).stdout).toBe("Revoked ap-1.\n");
  const again = runCli(["approvals", "revoke", "ap-1"], { cwd: agentDir });
  expect(again.exitCode).toBe(1);
  expect(again.stderr).toContain("already revoked");
  const json = JSON.parse(runCli(["approvals", "list", "--json"], { cwd: agentDir }).stdout);
  expect(json.approvals[0].revokedAt).toBeTypeOf("number");
  const reopened = createSqliteInteractionStore({ file });
  expect(reopened.findGrant(lookup)).toBeUndefined();
  reopened.close();
  expect(runCli(["approvals", "list", "--limit", "0"], { cwd: agentDir }).exitCode).toBe(2);
});
