import { mkdirSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { loadMonoAgentConfig } from "@mono-agent/config";
import { tempDir } from "@mono-agent/test-utils";
import { describe, expect, it } from "vitest";
import { checkRunStore } from "../src/check.js";
import { openRunStore } from "../src/sqlite.js";
import { completion, runStart } from "./fixtures/temp-store.js";

async function loadIn(config: Record<string, unknown> = {}) {
  return loadMonoAgentConfig({
    config,
    cwd: tempDir("run-check-"),
    env: { DATABASE_URL: "postgres://x@h/db" },
  });
}

describe("checkRunStore", () => {
  it("is disabled while no run is recorded", async () => {
    expect(await checkRunStore(await loadIn())).toEqual({
      status: "disabled",
      lines: [{ status: "disabled", message: "No runs recorded yet." }],
    });
  });

  it("with storage.postgres says where the runs are and reads no local file", async () => {
    const result = await checkRunStore(
      await loadIn({ storage: { postgres: { url: { $env: "DATABASE_URL" } } } }),
    );
    expect(result.status).toBe("ok");
    expect(result.lines[0]?.message).toContain("shared PostgreSQL run store");
  });

  it("counts the runs and warns of a running run whose process is gone", async () => {
    const loaded = await loadIn();
    mkdirSync(loaded.artifactsDir, { recursive: true });
    const store = openRunStore({ file: join(loaded.artifactsDir, "runs.sqlite") });
    await store.beginRun(runStart("run-done"));
    await store.completeRun("run-done", completion());
    const deadOwner = { pid: process.pid, host: hostname(), startToken: "linux:another-boot:1" };
    await store.beginRun(
      runStart("run-orphan", { owner: deadOwner, startedAtMs: Date.parse("2026-01-02T00:00:00Z") }),
    );
    await store.close();
    const result = await checkRunStore(loaded);
    expect(result.status).toBe("warning");
    expect(result.lines[0]?.message).toBe("Recorded runs: 2 total; showing 2 recent (max 50).");
    expect(result.lines.find((line) => line.code === "stale_running_run")?.message).toContain("run-orphan");
    expect(result.lines.at(-1)?.message).toMatch(/^Retention: runs older than \d+ days/);
  });

  it("is an error naming the fix when the store cannot be read", async () => {
    const loaded = await loadIn();
    mkdirSync(loaded.artifactsDir, { recursive: true });
    const file = join(loaded.artifactsDir, "runs.sqlite");
    writeFileSync(file, "not a database, just text long enough to be read as a header ".repeat(8));
    const result = await checkRunStore(loaded);
    expect(result.status).toBe("error");
    expect(result.lines).toEqual([
      expect.objectContaining({
        status: "error",
        code: "run_store_unreadable",
        file,
        suggestion: `move ${file} aside; the next run starts a new store`,
      }),
    ]);
  });
});
