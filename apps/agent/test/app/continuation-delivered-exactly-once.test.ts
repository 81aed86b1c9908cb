import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Context, fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { afterEach, describe, expect, test } from "vitest";
import { conversationStoreFile, startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
import { runCli } from "../cli/run-cli.js";
import {
  CONTINUATION_SERVER,
  call,
  freePort,
  makeAgentDir,
  messagesOfRun,
  readJson,
  waitFor,
} from "../fixtures/continuations/continuation-kit.js";
import { fauxModel, lastToolResult, stepAfter } from "../fixtures/mcp-env/context-kit.js";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

interface ClaimAnswer {
  status: number;
  body: {
    continuationId: string;
    resultUrl: string;
    statusUrl: string;
    token: string;
    replayed?: true;
    error?: { code: string };
  };
}
interface Report {
  env: { url: string; token: string; fingerprint: string; mode: string };
  first: ClaimAnswer;
  replay: ClaimAnswer;
  conflict: ClaimAnswer;
}

function textsOf(context: Context): string[] {
  return context.messages.map((message) =>
    typeof message.content === "string"
      ? message.content
      : message.content.map((block) => (block.type === "text" ? block.text : "")).join(""),
  );
}

describe("a continuation from a real stdio MCP server", () => {
  test("claimed during the call, submitted after the run: synthesized once, delivered into the conversation once", async () => {
    const dir = makeAgentDir();
    const report = join(dir, "claim.json");
    const { faux, customModels } = fauxModel();
    const app = await startMonoAgentApp({
      config: {
        runtime: { model: "faux:faux-1" },
        continuations: { port: await freePort() },
        tools: {
          continuationServers: ["jobs"],
          mcpServers: {
            jobs: { command: process.execPath, args: [CONTINUATION_SERVER, `--report=${report}`] },
          },
        },
      },
      cwd: dir,
      env: { PATH: process.env.PATH },
      customModels,
    });
    cleanups.push(() => app.close());
    let toolAnswer = "";
    let synthesisContext: Context | undefined;
    let nextRunContext: Context | undefined;
    faux.setResponses([
      fauxAssistantMessage(fauxToolCall("mcp__jobs__start_task", { taskKey: "t1", checks: true }), {
        stopReason: "toolUse",
      }),
      stepAfter((context) => {
        toolAnswer = lastToolResult(context);
      }, fauxAssistantMessage("I started the task; I will tell you when it is done.")),
      stepAfter((context) => {
        synthesisContext = context;
      }, fauxAssistantMessage("Your task finished: 42 items were processed.")),
      stepAfter((context) => {
        nextRunContext = context;
      }, fauxAssistantMessage("Yes, 42.")),
    ]);
    const result = await app.run({ input: "start the job", conversationId: "cli:jobs" });
    expect(result.status).toBe("succeeded");
    expect(toolAnswer).toBe("task t1 accepted (claim 200)");

    const claims = readJson<Report>(report) as Report;
    expect(claims.env.mode).toBe("reply");
    expect(claims.first.status).toBe(200);
    const { continuationId, resultUrl, statusUrl, token } = claims.first.body;
    expect(claims.replay).toEqual({ status: 200, body: { ...claims.first.body, replayed: true } });
    expect(claims.conflict.status).toBe(409);
    expect(claims.conflict.body.error?.code).toBe("claim_conflict");

    // The MCP request has ended: the claim capability no longer works.
    const late = await call(claims.env.url, {
      token: claims.env.token,
      body: { taskKey: "t2", taskHash: "h", deadline: new Date(Date.now() + 60_000).toISOString() },
    });
    expect(late.status).toBe(401);
    expect(late.body.error?.code).toBe("invalid_claim_capability");
    expect((await call(statusUrl, { method: "GET", token })).body.state).toBe("claimed");

    writeFileSync(`${report}.go`, "");
    const submitted = await waitFor(
      () => readJson<ClaimAnswer>(`${report}.submitted`),
      "the detached submitter",
    );
    expect(submitted.status).toBe(202);
    const delivered = await waitFor(async () => {
      const status = await call(statusUrl, { method: "GET", token });
      return status.body.state === "delivered" ? status.body : undefined;
    }, "delivery");
    expect(delivered.receipt).toMatchObject({
      channel: "cli",
      historyRecorded: true,
      deliveryId: `continuation-${continuationId}`,
    });

    // The synthesis turn saw the origin conversation and the result framed as untrusted, and no tools.
    const synthesisText = textsOf(synthesisContext as Context).join("\n");
    expect(synthesisText).toContain("start the job");
    expect(synthesisText).toContain("42 items processed");
    expect(synthesisText).toContain('"untrusted": true');
    expect(synthesisContext?.tools ?? []).toEqual([]);

    const file = conversationStoreFile(app.loaded);
    const deliveredMessages = messagesOfRun(file, `continuation-${continuationId}`);
    expect(deliveredMessages).toEqual([
      { conversationId: "cli:jobs", role: "assistant", text: "Your task finished: 42 items were processed." },
    ]);

    // `mono-agent runs` shows the delivery as a run of source "continuation" in the same conversation.
    writeFileSync(join(dir, "mono-agent.config.json"), JSON.stringify({ runtime: { model: "faux:faux-1" } }));
    const listed = runCli(["runs", "list", "--conversation", "cli:jobs", "--json"], { cwd: dir });
    expect(listed.stderr).toBe("");
    const runs = (JSON.parse(listed.stdout) as { runs: Record<string, unknown>[] }).runs;
    expect(runs.map((run) => [run["runId"], run["source"], run["status"]])).toEqual([
      [`continuation-${continuationId}`, "continuation", "succeeded"],
      [result.runId, "cli", "succeeded"],
    ]);
    expect(runs[0]).toMatchObject({
      conversationId: "cli:jobs",
      sourceDetail: "jobs",
      model: "faux:faux-1",
      userInput: `Result of jobs for run ${result.runId}`,
      finalOutput: "Your task finished: 42 items were processed.",
    });

    // Replays and conflicts of the result change nothing.
    const body = { idempotencyKey: "result-1", payload: { summary: "42 items processed" } };
    const replay = await call(resultUrl, { method: "PUT", token, body });
    expect(replay.status).toBe(202);
    expect(replay.body).toMatchObject({ continuationId, accepted: true, replayed: true });
    const conflict = await call(resultUrl, {
      method: "POST",
      token,
      body: { ...body, payload: { summary: "other" } },
    });
    expect(conflict.status).toBe(409);
    expect(conflict.body.error?.code).toBe("result_conflict");
    expect(messagesOfRun(file, `continuation-${continuationId}`)).toHaveLength(1);

    // The delivered message is part of the conversation: the next run sees it.
    await app.run({ input: "how many?", conversationId: "cli:jobs" });
    expect(textsOf(nextRunContext as Context)).toContain("Your task finished: 42 items were processed.");
  });

  test("continuations.enabled false: no service, the claim values stay empty", async () => {
    const dir = makeAgentDir();
    const report = join(dir, "claim.json");
    const { faux, customModels } = fauxModel();
    const app = await startMonoAgentApp({
      config: {
        runtime: { model: "faux:faux-1" },
        continuations: { enabled: false },
        tools: {
          continuationServers: ["jobs"],
          mcpServers: {
            jobs: { command: process.execPath, args: [CONTINUATION_SERVER, `--report=${report}`] },
          },
        },
      },
      cwd: dir,
      env: { PATH: process.env.PATH },
      customModels,
    });
    cleanups.push(() => app.close());
    faux.setResponses([
      fauxAssistantMessage(fauxToolCall("mcp__jobs__start_task", { taskKey: "t1" }), {
        stopReason: "toolUse",
      }),
      fauxAssistantMessage("ok"),
    ]);
    await app.run({ input: "go" });
    expect((readJson<Report>(report) as Report).env).toEqual({
      url: "",
      token: "",
      fingerprint: "",
      mode: "",
    });
  });
});
