import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { afterEach, describe, expect, test } from "vitest";
import { ContinuationError } from "../src/index.js";
import { continuationStoreFile, openContinuationStore } from "../src/node.js";
import { RETENTION_DEFAULTS } from "../src/node/sweep-retention.js";
import { finishedRow } from "./fixtures/finished-rows.js";
import { makeStateDir } from "./fixtures/host-kit.js";
import { clock, startTestService } from "./service-kit.js";

const DAY_MS = 24 * 60 * 60 * 1000;
const NODE_ENTRY = fileURLToPath(new URL("../dist/node.js", import.meta.url));

const closers: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

describe("the last retention sweep", () => {
  test("is kept in the store: another connection reads what the running service's sweep removed", async () => {
    const stateDir = makeStateDir();
    const before = openContinuationStore({ stateDir });
    expect(before.lastRetentionSweep()).toBeUndefined();
    before.insert(finishedRow("dead_lettered", clock.now - 2 * DAY_MS));
    before.close();

    const { service } = await startTestService({ stateDir, retention: { terminalMaxAgeMs: DAY_MS } });
    closers.push(() => service.close());
    const reader = openContinuationStore({ stateDir, readOnly: true });
    closers.push(() => reader.close());
    const atStart = {
      sweptAt: new Date(clock.now).toISOString(),
      deletedRecords: 1,
      scrubbedCapturedTexts: 0,
      releasedOriginContexts: 0,
    };
    expect(reader.lastRetentionSweep()).toEqual(atStart);
    expect(service.lastRetention).toEqual(atStart);

    clock.now += 60_000;
    service.sweepRetention();
    expect(reader.lastRetentionSweep()).toEqual({
      ...atStart,
      deletedRecords: 0,
      sweptAt: new Date(clock.now).toISOString(),
    });
  });

  test("a sweep that fails removes nothing and is kept with its error", () => {
    const stateDir = makeStateDir();
    const store = openContinuationStore({ stateDir });
    closers.push(() => store.close());
    const now = Date.now();
    const row = finishedRow("dead_lettered", now - 2 * DAY_MS);
    store.insert(row);
    // A real SQLite failure inside the sweep's transaction: a trigger refuses every delete.
    const direct = new Database(continuationStoreFile(stateDir));
    direct.exec(
      "CREATE TRIGGER no_deletes BEFORE DELETE ON continuations BEGIN SELECT RAISE(ABORT, 'the disk said no'); END",
    );
    direct.close();
    const policy = { ...RETENTION_DEFAULTS, terminalMaxAgeMs: DAY_MS };

    let thrown: unknown;
    try {
      store.sweepRetention(policy, now);
    } catch (error) {
      thrown = error;
    }
    expect(ContinuationError.isInstance(thrown) && thrown.code).toBe("store_failed");
    expect(store.get(row.continuationId)?.state).toBe("dead_lettered");
    expect(store.lastRetentionSweep()).toEqual({
      sweptAt: new Date(now).toISOString(),
      deletedRecords: 0,
      scrubbedCapturedTexts: 0,
      releasedOriginContexts: 0,
      error: { code: "store_failed", message: expect.stringContaining("the disk said no") },
    });
  });

  test("a store of an older version: a read-only open reports no sweep; processes opening it at once all migrate it", async () => {
    const stateDir = makeStateDir();
    openContinuationStore({ stateDir }).close();
    const file = continuationStoreFile(stateDir);
    const downgrade = new Database(file);
    // Back to migration 0000: what every later migration added goes.
    downgrade.exec("DROP TABLE last_retention_sweep");
    downgrade.exec("ALTER TABLE continuations DROP COLUMN synthesis_usage_json");
    downgrade.exec(
      "DELETE FROM __drizzle_migrations WHERE created_at > (SELECT min(created_at) FROM __drizzle_migrations)",
    );
    downgrade.close();
    const readOnly = openContinuationStore({ stateDir, readOnly: true });
    expect(readOnly.lastRetentionSweep()).toBeUndefined();
    readOnly.close();

    const opener = `import { openContinuationStore } from ${JSON.stringify(NODE_ENTRY)};
      const store = openContinuationStore({ stateDir: process.argv[1], mustExist: true });
      store.sweepRetention({ terminalMaxRecords: 10, terminalMaxAgeMs: 10, capturedTextMaxRecords: 10, capturedTextMaxAgeMs: 10 }, Date.now());
      store.close();`;
    const exits = await Promise.all(
      Array.from({ length: 4 }, () => {
        const child = spawn(process.execPath, ["--input-type=module", "-e", opener, stateDir], {
          stdio: ["ignore", "ignore", "inherit"],
        });
        return new Promise<number | null>((resolve) => child.once("close", resolve));
      }),
    );
    expect(exits).toEqual([0, 0, 0, 0]);
    const after = openContinuationStore({ stateDir, readOnly: true });
    closers.push(() => after.close());
    expect(after.lastRetentionSweep()).toMatchObject({ deletedRecords: 0 });
  });
});
