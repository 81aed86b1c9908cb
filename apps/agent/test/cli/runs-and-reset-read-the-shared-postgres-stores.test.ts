import { readdirSync } from "node:fs";
import { startTestPostgres, type TestPostgres } from "@mono-agent/storage/testing";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeAgentFolder } from "./agent-folder.js";
import { runCliAsync } from "./run-cli-async.js";

/**
 * With storage.postgres, `mono-agent runs list / show`, `validate` and `conversations reset` work on the
 * stores every host shares: no local runs.sqlite or SessionHistory file is read or written.
 */
let server: TestPostgres;
beforeAll(async () => {
  server = await startTestPostgres();
}, 60_000);
afterAll(() => server?.stop());

const postgresConfig = (schema: string) => ({
  runtime: { model: "demo:demo" },
  storage: { postgres: { url: { $env: "DATABASE_URL" }, schema } },
});

/** Files named `name` anywhere under `dir` (the local SQLite stores must not appear). */
function filesNamed(dir: string, name: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((path) => path.endsWith(name));
}

async function count(schema: string, table: string): Promise<number> {
  const client = new pg.Client({ connectionString: server.url });
  await client.connect();
  try {
    const result = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${schema}.${table}`);
    return Number(result.rows[0]?.n);
  } finally {
    await client.end();
  }
}

describe("runs and conversations reset with storage.postgres", () => {
  it("runs list / show find a run recorded on PostgreSQL while no local runs.sqlite exists", async () => {
    const dir = makeAgentFolder(postgresConfig("cli_runs"));
    const env = { DATABASE_URL: server.url };
    const empty = await runCliAsync(["runs", "list", "--json"], { cwd: dir, env });
    expect(empty.exitCode, empty.stderr).toBe(0);
    expect(JSON.parse(empty.stdout)).toEqual({ runs: [], count: 0, total: 0 });

    const ran = await runCliAsync(["run", "hello there"], { cwd: dir, env });
    expect(ran.exitCode, ran.stderr).toBe(0);
    expect(filesNamed(dir, "runs.sqlite")).toEqual([]);

    const listed = await runCliAsync(["runs", "list", "--json"], { cwd: dir, env });
    expect(listed.exitCode, listed.stderr).toBe(0);
    const { runs, total } = JSON.parse(listed.stdout);
    expect(total).toBe(1);
    expect(runs[0]).toMatchObject({ conversationId: "cli:default", status: "succeeded" });
    const text = await runCliAsync(["runs", "list"], { cwd: dir, env });
    expect(text.stdout).toContain(runs[0].runId);

    const shown = await runCliAsync(["runs", "show", runs[0].runId, "--events", "--json"], { cwd: dir, env });
    expect(shown.exitCode, shown.stderr).toBe(0);
    const detail = JSON.parse(shown.stdout);
    expect(detail.run).toMatchObject({ runId: runs[0].runId, userInput: "hello there" });
    // The events are the run's run_events rows.
    expect(detail.eventsFile).toMatchObject({ exists: true, badLines: [] });
    expect(detail.eventsFile.totalEvents).toBe(await count("cli_runs", "run_events"));
    expect(detail.events.length).toBeGreaterThan(0);
    const missing = await runCliAsync(["runs", "show", "no-such-run"], { cwd: dir, env });
    expect(missing.exitCode).toBe(1);
    expect(missing.stderr).toContain("no run no-such-run is recorded");

    const validated = await runCliAsync(["validate", "--json"], { cwd: dir, env });
    const storage = JSON.parse(validated.stdout).sections.find(
      (section: { id: string }) => section.id === "storage",
    );
    const byCode = (code: string) =>
      storage.lines.find((line: { code?: string }) => line.code === code)?.message as string;
    expect(byCode("storage_shared_run_store")).toContain("runs, run_events");
    expect(byCode("storage_per_host_parts")).toMatch(/^Memory stays file-based and per host/);
    const runsSection = JSON.parse(validated.stdout).sections.find(
      (section: { id: string }) => section.id === "runs",
    );
    expect(runsSection.lines[0].message).toContain("shared PostgreSQL run store");
    expect(filesNamed(dir, "runs.sqlite")).toEqual([]);
  }, 120_000);

  it("conversations reset clears the conversation's SessionHistory rows and messages on PostgreSQL", async () => {
    const dir = makeAgentFolder(postgresConfig("cli_reset"));
    const env = { DATABASE_URL: server.url };
    const ran = await runCliAsync(["run", "read the README"], { cwd: dir, env });
    expect(ran.exitCode, ran.stderr).toBe(0);
    const other = await runCliAsync(["run", "--conversation", "cli:other", "read the README"], {
      cwd: dir,
      env,
    });
    expect(other.exitCode, other.stderr).toBe(0);
    const recorded = await count("cli_reset", "session_tool_calls");
    expect(recorded).toBeGreaterThanOrEqual(2);

    const reset = await runCliAsync(["conversations", "reset", "cli:default", "--json"], { cwd: dir, env });
    expect(reset.exitCode, reset.stderr).toBe(0);
    const removed = JSON.parse(reset.stdout);
    expect(removed.conversationId).toBe("cli:default");
    expect(removed.removedMessages).toBeGreaterThan(0);
    expect(removed.removedToolCalls).toBeGreaterThan(0);
    // Only the other conversation's calls remain; no local sidecar file was created.
    expect(await count("cli_reset", "session_tool_calls")).toBe(recorded - removed.removedToolCalls);
    expect(filesNamed(dir, "tool-lifecycles.sqlite")).toEqual([]);
    const again = await runCliAsync(["conversations", "reset", "cli:default", "--json"], { cwd: dir, env });
    expect(JSON.parse(again.stdout)).toMatchObject({ removedMessages: 0, removedToolCalls: 0 });
  }, 120_000);
});
