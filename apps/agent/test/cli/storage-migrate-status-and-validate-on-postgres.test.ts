import { existsSync } from "node:fs";
import { join } from "node:path";
import { startTestPostgres, type TestPostgres } from "@mono-agent/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAgentFolder } from "./agent-folder.js";
import { runCliAsync } from "./run-cli-async.js";

let server: TestPostgres;
beforeAll(async () => {
  server = await startTestPostgres();
}, 60_000);
afterAll(() => server?.stop());

const postgresConfig = (schema: string) => ({
  runtime: { model: "demo:demo" },
  storage: { postgres: { url: { $env: "DATABASE_URL" }, schema } },
});

describe("mono-agent storage and validate with storage.postgres", () => {
  it("status shows pending migrations, migrate applies them, runs and conversations list use the shared database", async () => {
    const dir = makeAgentFolder(postgresConfig("cli_storage"));
    const env = { DATABASE_URL: server.url };
    const before = await runCliAsync(["storage", "status", "--json"], { cwd: dir, env });
    expect(before.exitCode, before.stderr).toBe(0);
    const status = JSON.parse(before.stdout);
    expect(status).toMatchObject({
      engine: "postgres",
      schema: "cli_storage",
      stores: [
        { store: "conversations", pending: 1 },
        { store: "continuations", pending: 1 },
        { store: "channel_events", pending: 1 },
        { store: "session_history", pending: 2 },
        { store: "runs", pending: 1 },
        { store: "web_console", pending: 1 },
        { store: "interaction", pending: 2 },
        { store: "triggers", pending: 1 },
      ],
    });
    expect(before.stdout).not.toContain("mono-agent-test");

    const validated = await runCliAsync(["validate", "--connect", "--json"], { cwd: dir, env });
    const storage = JSON.parse(validated.stdout).sections.find(
      (section: { id: string }) => section.id === "storage",
    );
    expect(storage.lines.map((line: { code?: string }) => line.code)).toEqual(
      expect.arrayContaining(["storage_migrations_pending", "storage_per_host_parts"]),
    );

    const migrated = await runCliAsync(["storage", "migrate"], { cwd: dir, env });
    expect(migrated.exitCode, migrated.stderr).toBe(0);
    expect(migrated.stdout).toMatch(/conversations\s+1 applied, 0 pending/);
    expect(migrated.stdout).toMatch(/continuations\s+1 applied, 0 pending/);
    expect(migrated.stdout).toMatch(/session_history\s+2 applied, 0 pending/);
    expect(migrated.stdout).toMatch(/runs\s+1 applied, 0 pending/);
    expect(migrated.stdout).toMatch(/web_console\s+1 applied, 0 pending/);
    expect(migrated.stdout).toMatch(/interaction\s+2 applied, 0 pending/);
    expect(migrated.stdout).toMatch(/triggers\s+1 applied, 0 pending/);
    expect(migrated.stdout).toContain("memory           files on each host");

    const ran = await runCliAsync(["run", "hello there"], { cwd: dir, env });
    expect(ran.exitCode, ran.stderr).toBe(0);
    // Asks and approvals went to the shared database, not to a SQLite file of this host.
    expect(existsSync(join(dir, ".mono-agent", "interaction.sqlite"))).toBe(false);
    const listed = await runCliAsync(["conversations", "list", "--json"], { cwd: dir, env });
    const conversations = JSON.parse(listed.stdout).conversations;
    expect(conversations).toEqual([expect.objectContaining({ conversationId: "cli:default" })]);
    // The demo model's turn: the question, its tool calls and results, the answer.
    expect(conversations[0].messageCount).toBeGreaterThanOrEqual(2);
  }, 120_000);

  it("an unset URL variable or an unreachable server is a clear error without the password", async () => {
    const dir = makeAgentFolder(postgresConfig("cli_errors"));
    const unset = await runCliAsync(["storage", "status"], { cwd: dir });
    expect(unset.exitCode).toBe(1);
    expect(unset.stderr).toContain("DATABASE_URL, which is not set");
    expect(unset.stderr).not.toMatch(/\n\s+at /);

    const env = { DATABASE_URL: "postgres://agent:hunter2@127.0.0.1:1/db" };
    const down = await runCliAsync(["storage", "status"], { cwd: dir, env });
    expect(down.exitCode).toBe(1);
    expect(down.stderr).toContain("postgres://agent:***@127.0.0.1:1/db");
    expect(down.stderr).not.toContain("hunter2");
    const validated = await runCliAsync(["validate", "--connect", "--json"], { cwd: dir, env });
    const storage = JSON.parse(validated.stdout).sections.find(
      (section: { id: string }) => section.id === "storage",
    );
    expect(storage.status).toBe("error");
    expect(JSON.stringify(storage)).not.toContain("hunter2");

    const sqlite = makeAgentFolder({ runtime: { model: "demo:demo" } });
    const plain = await runCliAsync(["storage", "status", "--json"], { cwd: sqlite });
    expect(JSON.parse(plain.stdout)).toEqual({ engine: "sqlite", stores: [] });
  }, 120_000);
});
