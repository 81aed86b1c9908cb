import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { migratePostgres, openPostgresPool, type PostgresPool } from "@mono-agent/storage/postgres";
import { startTestPostgres, type TestPostgres } from "@mono-agent/storage/testing";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import type { RunOwner, RunStore } from "../src/index.js";
import {
  openPostgresRunStore,
  openPostgresRunStoreForReading,
  RUN_STORE_POSTGRES_MIGRATIONS,
} from "../src/postgres.js";
import { currentRunOwner, openRunStoreForReading, runStoreFile } from "../src/sqlite.js";
import { runStart, tempStore } from "./fixtures/temp-store.js";

/** An owner on this host whose process has exited. */
function deadOwner(): RunOwner {
  const exited = spawnSync(process.execPath, ["-e", ""]);
  return { ...currentRunOwner(), pid: exited.pid, startToken: "exited" };
}

const opened: RunStore[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((store) => store.close()));
});

describe("openRunStoreForReading (SQLite)", () => {
  test("an artifacts folder without runs.sqlite has no store, and none is created", async () => {
    const artifactsDir = mkdtempSync(join(tmpdir(), "run-history-"));
    expect(await openRunStoreForReading({ artifactsDir })).toBeUndefined();
    expect(existsSync(runStoreFile(artifactsDir))).toBe(false);
  });

  test("a run of a dead process reads as interrupted, a run of this process stays running, and the store is read-only", async () => {
    const { artifactsDir, store } = tempStore();
    await store.beginRun(runStart("run-dead", { owner: deadOwner() }));
    await store.beginRun(runStart("run-mine", { owner: currentRunOwner() }));
    await store.close();

    const reading = await openRunStoreForReading({ artifactsDir });
    expect(reading).toBeDefined();
    opened.push(reading!);
    expect(await reading!.getRun("run-dead")).toMatchObject({
      status: "interrupted",
      failureKind: "process_death",
    });
    expect((await reading!.getRun("run-mine"))?.status).toBe("running");
    await expect(reading!.beginRun(runStart("run-new"))).rejects.toThrow();
  });

  test("a file that is not a run store fails on open or on the first read, never reads as empty", async () => {
    const artifactsDir = mkdtempSync(join(tmpdir(), "run-history-"));
    writeFileSync(runStoreFile(artifactsDir), "not a database, just text that fills a page ".repeat(100));
    const read = async () => {
      const reading = await openRunStoreForReading({ artifactsDir });
      if (reading) opened.push(reading);
      return reading?.listRuns({});
    };
    await expect(read()).rejects.toThrow(/not a database/);
  });
});

describe("openPostgresRunStoreForReading", () => {
  let server: TestPostgres;
  const pools: PostgresPool[] = [];
  let schemas = 0;
  const pool = () => {
    const postgres = openPostgresPool({ url: server.url, schema: `reading_${++schemas}` });
    pools.push(postgres);
    return postgres;
  };

  beforeAll(async () => {
    server = await startTestPostgres();
  });
  afterAll(async () => {
    await Promise.all(opened.splice(0).map((store) => store.close()));
    await Promise.all(pools.splice(0).map((postgres) => postgres.close()));
    await server?.stop();
  });

  test("a schema whose run store was never migrated has no store, and no migration is applied", async () => {
    const postgres = pool();
    const artifactsDir = mkdtempSync(join(tmpdir(), "run-history-"));
    expect(await openPostgresRunStoreForReading({ postgres, artifactsDir })).toBeUndefined();
    expect(await openPostgresRunStoreForReading({ postgres, artifactsDir })).toBeUndefined();
  });

  test("a run of a dead process of this host reads as interrupted; a run of another host is left running", async () => {
    const postgres = pool();
    await migratePostgres(postgres, [RUN_STORE_POSTGRES_MIGRATIONS]);
    const writer = openPostgresRunStore({ postgres });
    await writer.beginRun(runStart("run-dead", { owner: deadOwner() }));
    await writer.beginRun(
      runStart("run-elsewhere", { owner: { pid: 1, startToken: "x", host: "another-host" } }),
    );
    const artifactsDir = mkdtempSync(join(tmpdir(), "run-history-"));
    const reading = await openPostgresRunStoreForReading({ postgres, artifactsDir });
    expect(reading).toBeDefined();
    expect(await reading!.getRun("run-dead")).toMatchObject({
      status: "interrupted",
      failureKind: "process_death",
    });
    expect((await reading!.getRun("run-elsewhere"))?.status).toBe("running");
  });
});
