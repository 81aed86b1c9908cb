import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Context, fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { MAX_TASK_HANDOFFS_PER_SERVER } from "@mono-agent/mcp-bridge/tasks";
import { afterEach, describe, expect, test } from "vitest";
import { conversationStoreFile, startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
import {
  freePort,
  makeAgentDir,
  messagesOfRun,
  waitFor,
} from "../fixtures/continuations/continuation-kit.js";
import { fauxModel, lastToolResult, stepAfter } from "../fixtures/mcp-env/context-kit.js";
import {
  continuationRecords,
  jobRequests,
  jobsServer,
  jobsStateDir,
} from "../fixtures/mcp-tasks/task-kit.js";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A credential-named env value: a host secret the delivered text must never carry. */
const JOBS_TOKEN = "jobs-secret-6f1d2c3b4a5e6f7a8b9c";

function contextText(context: Context | undefined): string {
  return (context?.messages ?? [])
    .map((message) =>
      typeof message.content === "string"
        ? message.content
        : message.content.map((block) => (block.type === "text" ? block.text : "")).join(""),
    )
    .join("\n");
}

async function startApp(dir: string, tools: Record<string, unknown>, port: number) {
  const { faux, customModels } = fauxModel();
  const app = await startMonoAgentApp({
    config: { runtime: { model: "faux:faux-1" }, continuations: { port }, tools },
    cwd: dir,
    env: { PATH: process.env.PATH, JOBS_API_TOKEN: JOBS_TOKEN },
    customModels,
  });
  cleanups.push(() => app.close());
  return { app, faux };
}

describe("an MCP task that outlives its run", () => {
  test("handed off at run end, polled on a fresh connection, delivered into the conversation once (redacted); a restart delivers nothing again", async () => {
    const dir = makeAgentDir();
    const state = jobsStateDir(dir);
    const port = await freePort();
    const tools = {
      continuationServers: ["jobs"],
      mcpTaskHandoffAfterMs: 300,
      mcpServers: { jobs: jobsServer(state) },
    };
    const { app, faux } = await startApp(dir, tools, port);
    let toolAnswer = "";
    let synthesis: Context | undefined;
    faux.setResponses([
      fauxAssistantMessage(fauxToolCall("mcp__jobs__slow_job", { label: "nightly" }), {
        stopReason: "toolUse",
      }),
      stepAfter((context) => {
        toolAnswer = lastToolResult(context);
      }, fauxAssistantMessage("The nightly job is running; I will report when it is done.")),
      stepAfter((context) => {
        synthesis = context;
      }, fauxAssistantMessage("The nightly job finished: 42 rows.")),
    ]);
    const result = await app.run({ input: "run the nightly job", conversationId: "cli:jobs" });
    expect(result.status).toBe("succeeded");
    expect(toolAnswer).toMatch(
      /still running .* continues after this run: its result will be delivered into this conversation/,
    );

    const [record] = continuationRecords(dir);
    expect(record).toMatchObject({
      source: "mcp_task",
      state: "claimed",
      serverName: "jobs",
      originRunId: result.runId,
      destinationConversationId: "cli:jobs",
      originContextState: "pinned",
    });
    const taskId = record!.taskKey.slice("mcp-task:".length);
    expect(toolAnswer).toContain(record!.continuationId);
    // The task was asked for a long TTL (one day) and never cancelled when the run closed its server.
    expect(jobRequests(state).find((entry) => entry.method === "tools/call")?.ttl).toBe(86_400_000);
    expect(jobRequests(state).some((entry) => entry.method === "tasks/cancel")).toBe(false);

    writeFileSync(join(state, "go-nightly"), `Report uploaded with token ${JOBS_TOKEN}.`);
    const file = conversationStoreFile(app.loaded);
    await waitFor(
      () => (continuationRecords(dir)[0]?.state === "delivered" ? true : undefined),
      "the delivery",
    );
    const delivered = messagesOfRun(file, `continuation-${record!.continuationId}`);
    expect(delivered).toEqual([
      { conversationId: "cli:jobs", role: "assistant", text: "The nightly job finished: 42 rows." },
    ]);
    const synthesisText = contextText(synthesis);
    expect(synthesisText).toContain("run the nightly job");
    expect(synthesisText).toContain("job nightly finished: 42 rows.");
    expect(synthesisText).toContain('"untrusted": true');
    expect(synthesisText).not.toContain(JOBS_TOKEN);
    const [settled] = continuationRecords(dir);
    expect(settled).toMatchObject({ state: "delivered", source: "mcp_task" });
    expect(settled!.payload).toMatchObject({
      kind: "mcp_task_outcome",
      server: "jobs",
      taskId,
      status: "completed",
    });
    expect(JSON.stringify(settled!.payload)).not.toContain(JOBS_TOKEN);
    // Polled on connections of its own (another process than the run's server), the result fetched once.
    const requests = jobRequests(state);
    const runPid = requests.find((entry) => entry.method === "tools/call")?.pid;
    expect(requests.filter((entry) => entry.method === "tasks/result")).toHaveLength(1);
    expect(requests.filter((entry) => entry.method === "tasks/result")[0]?.pid).not.toBe(runPid);

    // A new host on the same folder finds nothing left to deliver.
    await cleanups.shift()?.();
    const again = await startApp(dir, tools, port);
    expect(again.app.loaded.agentDir).toBe(app.loaded.agentDir);
    expect(continuationRecords(dir).map((entry) => entry.state)).toEqual(["delivered"]);
    expect(messagesOfRun(file, `continuation-${record!.continuationId}`)).toHaveLength(1);
  }, 60_000);

  test("a server not in tools.continuationServers keeps today's behaviour: the call waits, and its time limit cancels the task", async () => {
    const dir = makeAgentDir();
    const state = jobsStateDir(dir);
    const { app, faux } = await startApp(
      dir,
      {
        mcpTaskHandoffAfterMs: 100,
        mcpCallMaxTotalTimeoutMs: 1_000,
        mcpServers: { jobs: jobsServer(state) },
      },
      await freePort(),
    );
    let toolAnswer = "";
    faux.setResponses([
      fauxAssistantMessage(fauxToolCall("mcp__jobs__slow_job", { label: "x" }), { stopReason: "toolUse" }),
      stepAfter((context) => {
        toolAnswer = lastToolResult(context);
      }, fauxAssistantMessage("It timed out.")),
    ]);
    await app.run({ input: "go", conversationId: "cli:plain" });
    expect(toolAnswer).toMatch(/ran past its time limit of 1000 ms \(task .+, cancelled on the server\)/);
    expect(jobRequests(state).some((entry) => entry.method === "tasks/cancel")).toBe(true);
    expect(continuationRecords(dir)).toEqual([]);
  }, 30_000);

  test(`hostile: at most ${MAX_TASK_HANDOFFS_PER_SERVER} tasks per server and run; garbage from tasks/get until the deadline ends as expired, delivered once`, async () => {
    const dir = makeAgentDir();
    const state = jobsStateDir(dir);
    const { app, faux } = await startApp(
      dir,
      {
        continuationServers: ["jobs"],
        mcpTaskHandoffAfterMs: 100,
        mcpServers: { jobs: jobsServer(state, ["--ttl=8000"]) },
      },
      await freePort(),
    );
    const answers: string[] = [];
    const calls = Array.from({ length: MAX_TASK_HANDOFFS_PER_SERVER + 1 }, (_, index) =>
      fauxToolCall("mcp__jobs__slow_job", { label: `j${index}` }),
    );
    let synthesis = "";
    faux.setResponses([
      fauxAssistantMessage(calls, { stopReason: "toolUse" }),
      stepAfter((context) => {
        for (const message of context.messages)
          if (message.role === "toolResult")
            answers.push(message.content.map((block) => (block.type === "text" ? block.text : "")).join(""));
        writeFileSync(join(state, "garbage"), "");
      }, fauxAssistantMessage("Started them.")),
      ...Array.from({ length: MAX_TASK_HANDOFFS_PER_SERVER }, () =>
        stepAfter((context) => {
          synthesis = contextText(context);
        }, fauxAssistantMessage("A job was given up.")),
      ),
    ]);
    const result = await app.run({ input: "start five jobs", conversationId: "cli:many" });
    expect(result.status).toBe("succeeded");
    expect(answers.filter((text) => text.includes("continues after this run"))).toHaveLength(
      MAX_TASK_HANDOFFS_PER_SERVER,
    );
    expect(
      answers.filter((text) =>
        text.includes(`already left ${MAX_TASK_HANDOFFS_PER_SERVER} tasks of "jobs" running`),
      ),
    ).toHaveLength(1);
    expect(jobRequests(state).filter((entry) => entry.method === "tasks/cancel")).toHaveLength(1);

    const file = conversationStoreFile(app.loaded);
    const records = await waitFor(() => {
      const all = continuationRecords(dir);
      return all.length === MAX_TASK_HANDOFFS_PER_SERVER && all.every((entry) => entry.state === "delivered")
        ? all
        : undefined;
    }, "every handed-off task settled and delivered");
    for (const record of records) {
      expect(record.payload).toMatchObject({ status: "expired" });
      expect((record.payload as { error: string }).error).toMatch(
        /did not finish before its deadline .*unusable/,
      );
      expect(messagesOfRun(file, `continuation-${record.continuationId}`)).toHaveLength(1);
    }
    expect(synthesis).toContain("expired");
  }, 60_000);
});
