import {
  INTERACTION_POSTGRES_MIGRATIONS,
  openPostgresInteractionStore,
} from "@mono-agent/interaction/postgres";
import { migratePostgres, openPostgresPool } from "@mono-agent/storage/postgres";
import { startTestPostgres, type TestPostgres } from "@mono-agent/storage/testing";
import { afterAll, beforeAll, expect, test } from "vitest";
import { makeAgentFolder } from "../cli/agent-folder.js";
import { runCliAsync } from "../cli/run-cli-async.js";

let server: TestPostgres;
beforeAll(async () => {
  server = await startTestPostgres();
}, 60_000);
afterAll(() => server?.stop());

test("with storage.postgres, approvals list and revoke read and write the shared store", async () => {
  const schema = "cli_approvals";
  const dir = makeAgentFolder({
    runtime: { model: "demo:demo" },
    storage: { postgres: { url: { $env: "DATABASE_URL" }, schema } },
  });
  const env = { DATABASE_URL: server.url };
  const pool = openPostgresPool({ url: server.url, schema });
  await migratePostgres(pool, [INTERACTION_POSTGRES_MIGRATIONS]);
  const store = openPostgresInteractionStore({ url: server.url, schema, displayUrl: pool.displayUrl });
  const empty = await runCliAsync(["approvals", "list", "--json"], { cwd: dir, env });
  expect(empty.exitCode, empty.stderr).toBe(0);
  expect(JSON.parse(empty.stdout)).toEqual({ approvals: [], count: 0 });
  store.insertApproval({
    approvalId: "ap-pg-1",
    runId: "run-1",
    conversationId: "slack:C1",
    toolName: "mcp__files__delete_file",
    argumentsHash: "h",
    decision: "approve",
    scope: "always",
    answeredBy: { channel: "slack", displayName: "Ada" },
    answeredAt: Date.parse("2026-12-01T10:00:00Z"),
    expiresAt: null,
  });
  const listed = await runCliAsync(["approvals", "list"], { cwd: dir, env });
  expect(listed.exitCode, listed.stderr).toBe(0);
  expect(listed.stdout).toContain("mcp__files__delete_file");
  expect(listed.stdout).toContain("Ada");
  const revoked = await runCliAsync(["approvals", "revoke", "ap-pg-1"], { cwd: dir, env });
  expect(revoked.stdout, revoked.stderr).toBe("Revoked ap-pg-1.\n");
  expect(store.listApprovals(10)[0]?.revokedAt).toBeTypeOf("number");
  const again = await runCliAsync(["approvals", "revoke", "ap-pg-1"], { cwd: dir, env });
  expect(again.exitCode).toBe(1);
  expect(again.stderr).toContain("already revoked");
  store.close();
  await pool.close();
}, 120_000);
