import { join } from "node:path";
import { openContinuationStore, startContinuationService } from "@mono-agent/continuations/node";
import { describe, expect, test } from "vitest";
import { makeAgentFolder } from "./agent-folder.js";
import { runCli } from "./run-cli.js";

/** Puts one dead-lettered and one delivery_unknown record into the agent's store through the real service. */
async function seedStore(agentDir: string): Promise<{ deadLettered: string; unknown: string }> {
  const stateDir = join(agentDir, ".mono-agent", "continuations");
  let failSynthesis = true;
  const service = await startContinuationService({
    stateDir,
    port: 0,
    synthesizer: {
      synthesize: async () => {
        if (failSynthesis) throw new Error("model unavailable");
        return { text: "done" };
      },
    },
    channel: {
      accepts: () => true,
      deliver: async (request) => ({ deliveryId: request.deliveryId, historyRecorded: true }),
    },
  });
  const ids: string[] = [];
  try {
    const capability = service.issue({
      runId: "run-1",
      serverName: "jobs",
      conversationId: "cli:ops",
      historyBoundary: "run-1",
    });
    for (const taskKey of ["a", "b"]) {
      const claim = (await (
        await fetch(capability.url, {
          method: "POST",
          headers: { authorization: `Bearer ${capability.token}` },
          body: JSON.stringify({ taskKey, taskHash: taskKey, deadline: Date.now() + 60_000 }),
        })
      ).json()) as { continuationId: string; resultUrl: string; token: string };
      ids.push(claim.continuationId);
    }
    await service.closeRunClaims("run-1");
    service.finalizeOriginContext("run-1", {
      conversationId: "cli:ops",
      historyBoundary: "run-1",
      messages: [],
      truncated: false,
    });
    service.activateOriginContext("run-1");
    failSynthesis = true;
  } finally {
    await service.close();
  }
  const store = openContinuationStore({ stateDir });
  try {
    const now = Date.now();
    const [first = "", second = ""] = ids;
    store.update(
      first,
      ["claimed"],
      {
        state: "dead_lettered",
        resultIdempotencyKey: "k",
        resultPayloadHash: "h",
        resultPayloadJson: "1",
        resultReceivedAtMs: now,
        lastErrorCode: "synthesis_failed",
        lastErrorMessage: "model unavailable",
      },
      { now },
    );
    store.update(
      second,
      ["claimed"],
      {
        state: "delivery_unknown",
        resultIdempotencyKey: "k",
        resultPayloadHash: "h",
        resultPayloadJson: "1",
        resultReceivedAtMs: now,
        synthesizedText: "done",
      },
      { now },
    );
  } finally {
    store.close();
  }
  return { deadLettered: ids[0] as string, unknown: ids[1] as string };
}

describe("mono-agent continuations", () => {
  test("health, list, retry, cancel and resolve act on the store and name what applies", async () => {
    const dir = makeAgentFolder({ runtime: { model: "demo:demo" }, continuations: { port: 4319 } });
    const empty = runCli(["continuations", "health"], { cwd: dir });
    expect(empty.exitCode).toBe(0);
    expect(empty.stdout).toContain("No continuation store yet");

    const { deadLettered, unknown } = await seedStore(dir);
    const health = runCli(["continuations", "health", "--json"], { cwd: dir });
    expect(health.exitCode).toBe(1);
    expect(JSON.parse(health.stdout)).toMatchObject({
      status: "unhealthy",
      counts: { dead_lettered: 1, delivery_unknown: 1 },
    });

    const list = runCli(["continuations", "list"], { cwd: dir });
    expect(list.stdout).toContain(`${deadLettered}  dead_lettered (synthesis_failed)`);
    expect(list.stdout).toContain(`${unknown}  delivery_unknown`);

    const refused = runCli(["continuations", "retry", unknown], { cwd: dir });
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain("--allow-unknown");
    const badResolve = runCli(["continuations", "resolve", unknown, "delivered"], { cwd: dir });
    expect(badResolve.exitCode).toBe(2);
    const resolved = runCli(["continuations", "resolve", unknown, "delivered", "msg-77"], { cwd: dir });
    expect(resolved.stdout).toContain("is now delivered");

    expect(runCli(["continuations", "retry", deadLettered], { cwd: dir }).stdout).toContain(
      "is now result_received",
    );
    expect(runCli(["continuations", "cancel", deadLettered], { cwd: dir }).stdout).toContain(
      "is now cancelled",
    );
    const again = runCli(["continuations", "cancel", deadLettered], { cwd: dir });
    expect(again.exitCode).toBe(1);
    expect(again.stderr).toContain("invalid_transition");
    // The operator's resolution is honest: the host never recorded that message in any history.
    expect(JSON.parse(runCli(["continuations", "health", "--json"], { cwd: dir }).stdout)).toMatchObject({
      status: "degraded",
      historyFailures: 1,
    });

    const validate = runCli(["validate", "--json"], { cwd: dir });
    const report = JSON.parse(validate.stdout) as {
      sections: { id: string; status: string; lines: { message: string; suggestion?: string }[] }[];
    };
    const section = report.sections.find((entry) => entry.id === "continuations");
    expect(section?.status).toBe("warning");
    expect(section?.lines.map((entry) => entry.message).join("\n")).toContain("Store degraded");
    expect(section?.lines.map((entry) => entry.suggestion ?? "").join("\n")).toContain(
      "mono-agent continuations list",
    );
  });
});
