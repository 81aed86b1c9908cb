import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, messagesOfRun } from "../fixtures/continuations/continuation-kit.js";
import { continuationRecords, jobRequests, jobsServer, waitLong } from "../fixtures/mcp-tasks/task-kit.js";
import { type ScriptedModelServer, startScriptedModelServer } from "./scripted-model-server.js";
import { makeWebAgentFolder, type ServeProcess, startServe, TEST_WEB_TOKEN } from "./serve-process.js";

const auth = { authorization: `Bearer ${TEST_WEB_TOKEN}`, "content-type": "application/json" };
let model: ScriptedModelServer;
const serves: ServeProcess[] = [];

beforeAll(async () => {
  model = await startScriptedModelServer();
});
afterAll(async () => {
  for (const serve of serves) await serve.stop();
  await model?.close();
});

async function serveIn(agentDir: string): Promise<ServeProcess> {
  const serve = await startServe(agentDir, { env: { MONO_AGENT_WEB_TOKEN: TEST_WEB_TOKEN } });
  serves.push(serve);
  return serve;
}

async function api<T>(serve: ServeProcess, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${serve.origin}${path}`, {
    method,
    headers: auth,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as T;
}

describe("a handed-off MCP task and a host killed with -9", () => {
  it("the run ends with the task handed off; serve is killed; the task finishes; the restarted serve delivers it into the thread exactly once (result fetched once, never cancelled)", async () => {
    const state = mkdtempSync(join(tmpdir(), "mono-agent-jobs-"));
    const agentDir = makeWebAgentFolder(model.baseUrl, {
      continuations: { port: await freePort() },
      tools: {
        continuationServers: ["jobs"],
        mcpTaskHandoffAfterMs: 300,
        mcpServers: { jobs: jobsServer(state) },
      },
    });
    const first = await serveIn(agentDir);
    const threadId = (await api<{ thread: { threadId: string } }>(first, "POST", "/api/threads", {})).thread
      .threadId;
    await api(first, "POST", `/api/threads/${threadId}/messages`, {
      text: 'Run it. [call: slow_job {"label":"k9"}] [say: The job runs on.] [result-say: The k9 job finished: 42 rows.]',
    });
    const record = await waitLong(() => {
      const [found] = continuationRecords(agentDir);
      return found?.originContextState === "pinned" ? found : undefined;
    }, "the hand-off of the finished run");
    expect(record).toMatchObject({
      source: "mcp_task",
      state: "claimed",
      destinationConversationId: `web:${threadId}`,
    });

    await new Promise<void>((resolve) => {
      first.child.once("exit", () => resolve());
      first.child.kill("SIGKILL");
    });
    writeFileSync(join(state, "go-k9"), "");

    const second = await serveIn(agentDir);
    const conversations = join(agentDir, ".mono-agent", "conversations.sqlite");
    await waitLong(
      () => (continuationRecords(agentDir)[0]?.state === "delivered" ? true : undefined),
      "the delivery after the restart",
    );
    const delivered = messagesOfRun(conversations, `continuation-${record.continuationId}`);
    expect(delivered).toEqual([
      { conversationId: `web:${threadId}`, role: "assistant", text: "The k9 job finished: 42 rows." },
    ]);
    const thread = await api<{ deliveries: { text: string }[] }>(second, "GET", `/api/threads/${threadId}`);
    expect(thread.deliveries.map((delivery) => delivery.text)).toEqual(["The k9 job finished: 42 rows."]);
    expect(continuationRecords(agentDir).map((entry) => [entry.state, entry.source])).toEqual([
      ["delivered", "mcp_task"],
    ]);
    expect(jobRequests(state).filter((entry) => entry.method === "tasks/result")).toHaveLength(1);
    expect(jobRequests(state).some((entry) => entry.method === "tasks/cancel")).toBe(false);
  }, 120_000);
});
