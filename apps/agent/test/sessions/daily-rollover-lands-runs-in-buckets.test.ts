import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { rolloverBucketAt } from "@mono-agent/ids";
import { COLD_RESEED_HEADER } from "@mono-agent/session-history";
import { createFauxModel } from "@mono-agent/test-utils/faux";
import { beforeEach, describe, expect, test } from "vitest";
import { makeAgentFolder } from "../cli/agent-folder.js";
import { runCli } from "../cli/run-cli.js";
import { type Faux, manualClock, startFauxApp, tempAgentFolder, textOf } from "./faux-app.js";

let faux: Faux;
beforeEach(() => {
  faux = createFauxModel();
});

const RUN_HISTORY = "mcp__mono-agent-run-history__RunHistory";
const SESSION_HISTORY = "mcp__mono-agent-session-history__SessionHistory";

/** Runs a Read before midnight and both history tools after it; returns what the second run saw. */
async function acrossMidnight(zone: string, before: string, after: string) {
  const cwd = tempAgentFolder("rollover-");
  const clock = manualClock(before);
  const app = await startFauxApp(
    faux,
    cwd,
    { runtime: { session: { rollover: "daily", rolloverTimezone: zone } } },
    { now: clock.now },
  );
  faux.setResponses([
    fauxAssistantMessage([fauxToolCall("Read", { path: "README.md" })], { stopReason: "toolUse" }),
    fauxAssistantMessage("read it"),
  ]);
  const first = await app.run({ input: "read the readme", conversationId: "cli:roll" });
  clock.set(after);
  let firstMessage = "";
  const seen: string[] = [];
  faux.setResponses([
    (context) => {
      firstMessage = textOf(said(context)[0]);
      return fauxAssistantMessage(
        [fauxToolCall(RUN_HISTORY, {}), fauxToolCall(SESSION_HISTORY, { query: "needle" })],
        { stopReason: "toolUse" },
      );
    },
    (context) => {
      seen.push(...context.messages.slice(-2).map(textOf));
      return fauxAssistantMessage("found it");
    },
  ]);
  const second = await app.run({ input: "what did I do yesterday?", conversationId: "cli:roll" });
  await app.close();
  return { first, second, firstMessage, runHistory: seen[0] ?? "", sessionHistory: seen[1] ?? "" };
}

describe("daily rollover: the host buckets every request by the day it starts", () => {
  test("23:59:30 and 00:00:30 in Europe/Amsterdam land in two buckets; the second sees the first through RunHistory, SessionHistory and the cold reseed", async () => {
    const { first, second, firstMessage, runHistory, sessionHistory } = await acrossMidnight(
      "Europe/Amsterdam",
      "2026-03-14T22:59:30Z",
      "2026-03-14T23:00:30Z",
    );
    expect(first.status).toBe("succeeded");
    expect(first.conversationId).toBe("cli:roll#2026-03-14");
    expect(second.conversationId).toBe("cli:roll#2026-03-15");
    expect(second.status).toBe("succeeded");
    expect(runHistory).toContain(first.runId);
    expect(sessionHistory).toContain(first.runId);
    expect(sessionHistory).toContain("Read");
    // The new bucket has no stored messages; it starts with the cold reseed of the logical conversation.
    expect(firstMessage).toContain(COLD_RESEED_HEADER);
    expect(firstMessage).toContain("README.md");
  });

  test("Pacific/Kiritimati (UTC+14): 09:59:30 and 10:00:30 UTC are the two sides of its midnight", async () => {
    const { first, second, runHistory } = await acrossMidnight(
      "Pacific/Kiritimati",
      "2026-03-14T09:59:30Z",
      "2026-03-14T10:00:30Z",
    );
    expect(first.conversationId).toBe("cli:roll#2026-03-14");
    expect(second.conversationId).toBe("cli:roll#2026-03-15");
    expect(runHistory).toContain(first.runId);
  });

  test("web console threads and ids that already name their bucket keep their id; others get the bucket", async () => {
    const cwd = tempAgentFolder("rollover-web-");
    const clock = manualClock("2026-03-14T12:00:00Z");
    const app = await startFauxApp(
      faux,
      cwd,
      { runtime: { session: { rollover: "daily", rolloverTimezone: "UTC" } } },
      { now: clock.now },
    );
    faux.setResponses([fauxAssistantMessage("a"), fauxAssistantMessage("b"), fauxAssistantMessage("c")]);
    const web = await app.run({ input: "hi", conversationId: "web:thread-1" });
    const named = await app.run({ input: "hi", conversationId: "telegram:42#2020-01-01" });
    const plain = await app.run({ input: "hi", conversationId: "telegram:42" });
    await app.close();
    expect(web.conversationId).toBe("web:thread-1");
    expect(named.conversationId).toBe("telegram:42#2020-01-01");
    expect(plain.conversationId).toBe("telegram:42#2026-03-14");
  });

  test("the Kiritimati case of issue #25: `mono-agent run --conversation cli:roll` records the run under cli:roll#<day in Kiritimati>", () => {
    const dir = makeAgentFolder({
      runtime: { model: "demo:demo", session: { rollover: "daily", rolloverTimezone: "Pacific/Kiritimati" } },
    });
    const before = rolloverBucketAt(new Date(), "Pacific/Kiritimati");
    const run = runCli(["run", "--conversation", "cli:roll", "--json", "hello"], { cwd: dir });
    const after = rolloverBucketAt(new Date(), "Pacific/Kiritimati");
    expect(run.exitCode, run.stderr).toBe(0);
    const listed = runCli(["runs", "list", "--json"], { cwd: dir });
    const runs = (JSON.parse(listed.stdout) as { runs: { conversationId: string }[] }).runs;
    expect([`cli:roll#${before}`, `cli:roll#${after}`]).toContain(runs[0]?.conversationId);
  });
});

/** What was said in a model call's transcript: pi 1.x also carries the prompt and tools as system messages. */
function said(context: { messages: readonly { role: string }[] }) {
  return context.messages.filter((message) => message.role !== "system") as typeof context.messages;
}
