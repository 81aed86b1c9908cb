import { writeFileSync } from "node:fs";
import { tempDir } from "@mono-agent/test-utils";
import { expect, test } from "vitest";
import { damagedRunStoreMessage } from "../src/report.js";
import { openRunsForReading, runStoreFile } from "../src/sqlite.js";

test("an artifacts folder without runs.sqlite opens with no store, named as the file it would be", async () => {
  const artifactsDir = tempDir("run-history-");
  const runs = await openRunsForReading({ artifactsDir });
  expect(runs).toMatchObject({ engine: "sqlite", location: runStoreFile(artifactsDir), store: undefined });
  expect((await runs.readEvents("run-1")).exists).toBe(false);
  await runs.close();
});

test("a runs.sqlite that is not a database fails on open or read, and the message names the file to move aside", async () => {
  const artifactsDir = tempDir("run-history-");
  writeFileSync(
    runStoreFile(artifactsDir),
    "this is not a SQLite database, it is long enough to be read as one",
  );
  const failure = await openRunsForReading({ artifactsDir })
    .then(async (runs) => {
      try {
        await runs.store?.listRuns({ limit: 1 });
      } finally {
        await runs.close();
      }
    })
    .catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(Error);
  const message = damagedRunStoreMessage(failure, { engine: "sqlite", location: runStoreFile(artifactsDir) });
  expect(
    message.endsWith(
      `\nthe run store may be damaged; move ${runStoreFile(artifactsDir)} aside to start a new one`,
    ),
  ).toBe(true);
});

test("on PostgreSQL the message names the shared store and the status command", () => {
  expect(
    damagedRunStoreMessage(new Error("connection refused"), {
      engine: "postgres",
      location: "postgres://agent@db/agent, schema public",
    }),
  ).toBe(
    "connection refused\nthe shared run store (postgres://agent@db/agent, schema public) cannot be read; check that the server answers and run `mono-agent storage status`",
  );
});
