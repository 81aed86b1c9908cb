import { randomUUID } from "node:crypto";
import { join } from "node:path";
import {
  type ContinuationStore,
  continuationStoreFile,
  openContinuationStore,
  startContinuationService,
} from "@mono-agent/continuations/node";
import Database from "better-sqlite3";
import { describe, expect, test } from "vitest";
import { makeAgentFolder } from "./agent-folder.js";
import { runCli } from "./run-cli.js";

const DAY_MS = 24 * 60 * 60 * 1000;

/** A dead-lettered record last changed `ageMs` ago (the retention sweep deletes it past terminalMaxAgeMs). */
function insertDeadLettered(store: ContinuationStore, ageMs: number): string {
  const continuationId = randomUUID();
  const at = Date.now() - ageMs;
  store.insert({
    continuationId,
    state: "dead_lettered",
    serverName: "jobs",
    originRunId: "run-1",
    originConversationId: "cli:ops",
    historyBoundary: "run-1",
    mode: "reply",
    destinationConversationId: "cli:ops",
    fingerprint: "fingerprint",
    taskKey: continuationId,
    taskHash: "hash",
    deadlineMs: at + 60_000,
    resultTokenDigest: "digest",
    claimedAtMs: at,
    updatedAtMs: at,
    resultIdempotencyKey: "k",
    resultPayloadHash: "h",
    resultPayloadJson: "1",
    resultReceivedAtMs: at,
    originContextState: "pinned",
    lastErrorCode: "synthesis_failed",
    lastErrorMessage: "seeded",
  });
  return continuationId;
}

function startService(stateDir: string) {
  return startContinuationService({
    stateDir,
    port: 0,
    retention: { terminalMaxAgeMs: DAY_MS },
    synthesizer: { synthesize: async () => ({ text: "done" }) },
    channel: {
      accepts: () => true,
      deliver: async (request) => ({ deliveryId: request.deliveryId, historyRecorded: true }),
    },
  });
}

function continuationsSection(dir: string) {
  const report = JSON.parse(runCli(["validate", "--json"], { cwd: dir }).stdout) as {
    sections: { id: string; lines: { status: string; code?: string; message: string }[] }[];
  };
  return report.sections.find((entry) => entry.id === "continuations");
}

describe("mono-agent continuations health and the last retention sweep", () => {
  test("shows what the running service's last sweep removed, or why it failed, from another process", async () => {
    const dir = makeAgentFolder({
      runtime: { model: "demo:demo" },
      continuations: { port: 4319, retention: { terminalMaxAgeMs: DAY_MS } },
    });
    const stateDir = join(dir, ".mono-agent", "continuations");
    const none = JSON.parse(runCli(["continuations", "health", "--json"], { cwd: dir }).stdout);
    expect(none.retention).toMatchObject({ lastSweep: null, policy: { terminalMaxAgeMs: DAY_MS } });

    const seed = openContinuationStore({ stateDir });
    const neverSwept = runCli(["continuations", "health"], { cwd: dir });
    expect(neverSwept.stdout).toContain("Retention: no sweep has run yet");
    const swept = insertDeadLettered(seed, 2 * DAY_MS);
    seed.close();

    const service = await startService(stateDir);
    try {
      const sweptAt = service.lastRetention?.sweptAt as string;
      const text = runCli(["continuations", "health"], { cwd: dir });
      expect(text.exitCode).toBe(0);
      expect(text.stdout).toContain(
        `Retention: the last sweep, at ${sweptAt}, removed 1 finished record, scrubbed 0 captured texts and released 0 origin-context snapshots.`,
      );
      const json = JSON.parse(runCli(["continuations", "health", "--json"], { cwd: dir }).stdout);
      expect(json.retention.lastSweep).toEqual({
        sweptAt,
        deletedRecords: 1,
        scrubbedCapturedTexts: 0,
        releasedOriginContexts: 0,
      });
      expect(continuationsSection(dir)?.lines).toContainEqual(
        expect.objectContaining({
          status: "ok",
          message: expect.stringContaining(`the last sweep, at ${sweptAt}`),
        }),
      );

      // An operator action on the record the sweep removed: a coded error naming it, exit 1.
      const retry = runCli(["continuations", "retry", swept], { cwd: dir });
      expect(retry.exitCode).toBe(1);
      expect(retry.stderr).toContain(`no continuation ${swept}`);
      expect(retry.stderr).toContain("[unknown_continuation]");

      // A sweep that fails (a trigger refuses the delete) is kept with its error.
      const writer = openContinuationStore({ stateDir, mustExist: true });
      insertDeadLettered(writer, 2 * DAY_MS);
      writer.close();
      const direct = new Database(continuationStoreFile(stateDir));
      direct.exec(
        "CREATE TRIGGER no_deletes BEFORE DELETE ON continuations BEGIN SELECT RAISE(ABORT, 'the disk said no'); END",
      );
      direct.close();
      expect(() => service.sweepRetention()).toThrow(/the disk said no/);
      const failed = runCli(["continuations", "health"], { cwd: dir });
      expect(failed.stdout).toMatch(
        /Retention: the last sweep, at \S+, failed and removed nothing: .*the disk said no.* \[store_failed\]/,
      );
      expect(continuationsSection(dir)?.lines).toContainEqual(
        expect.objectContaining({ status: "warning", code: "continuations_retention_failed" }),
      );
    } finally {
      await service.close();
    }
  });
});
