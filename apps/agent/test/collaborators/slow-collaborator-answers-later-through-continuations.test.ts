import { join } from "node:path";
import { type Message, Role, type Task, TaskState } from "@a2a-js/sdk";
import { ClientFactory } from "@a2a-js/sdk/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, messagesOfRun } from "../fixtures/continuations/continuation-kit.js";
import { continuationRecords, waitLong } from "../fixtures/mcp-tasks/task-kit.js";
import { type ScriptedModelServer, startScriptedModelServer } from "../serve/scripted-model-server.js";
import { makeWebAgentFolder, type ServeProcess, startServe } from "../serve/serve-process.js";

const TOKEN_A = "token-of-agent-a-0123456789";
const TOKEN_B = "token-of-agent-b-0123456789";
let model: ScriptedModelServer;
const serves: ServeProcess[] = [];

beforeAll(async () => {
  model = await startScriptedModelServer();
});
afterAll(async () => {
  for (const serve of serves) await serve.stop();
  await model?.close();
});

async function cardOf(serve: ServeProcess): Promise<string> {
  return waitLong(() => /A2A agent card: (\S+)/.exec(serve.stdout())?.[1], "the A2A card line");
}

function userMessage(text: string): Message {
  return {
    messageId: crypto.randomUUID(),
    contextId: "",
    taskId: "",
    role: Role.ROLE_USER,
    parts: [
      { content: { $case: "text", value: text }, metadata: undefined, filename: "", mediaType: "text/plain" },
    ],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

describe("a collaborator slower than the call", () => {
  it("A's run ends with the task handed off; B's answer arrives later in A's conversation through the continuation service; B saw no routing of A", async () => {
    const dirB = makeWebAgentFolder(model.baseUrl, { a2a: { port: 0, bearer: { $env: "B_A2A_TOKEN" } } });
    const b = await startServe(dirB, { env: { B_A2A_TOKEN: TOKEN_B } });
    serves.push(b);
    const dirA = makeWebAgentFolder(model.baseUrl, {
      collaborators: { b: { cardUrl: await cardOf(b), bearer: { $env: "B_TOKEN" }, waitMs: 500 } },
      continuations: { port: await freePort() },
      a2a: { port: 0, bearer: { $env: "A_A2A_TOKEN" } },
    });
    const a = await startServe(dirA, { env: { A_A2A_TOKEN: TOKEN_A, B_TOKEN: TOKEN_B } });
    serves.push(a);
    const slow = model.gate("slowb");

    // B's directives are escaped in A's prompt: only the question A's model sends B carries them.
    const prompt =
      'Ask B. [call: AskCollaborator {"collaborator":"b","question":"\\u005bhold:slowb\\u005d \\u005bsay: B finished late: 17 rows.\\u005d"}] ' +
      "[say: Handed to B.] [result-say: B's late answer arrived.]";
    const client = await new ClientFactory().createFromUrl(await cardOf(a), "");
    const result = (await client.sendMessage(
      { tenant: "", message: userMessage(prompt), configuration: undefined, metadata: undefined },
      { serviceParameters: { authorization: `Bearer ${TOKEN_A}` } },
    )) as Task;
    expect(result.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const conversationA = `a2a:${result.contextId}`;
    await slow.reached;

    const record = await waitLong(() => {
      const [found] = continuationRecords(dirA);
      return found?.originContextState === "pinned" ? found : undefined;
    }, "the hand-off of A's finished run");
    expect(record).toMatchObject({
      source: "mcp_task",
      serverName: "mono-agent-collaborators",
      state: "claimed",
      destinationConversationId: conversationA,
    });

    slow.release();
    const delivered = await waitLong(
      () => (continuationRecords(dirA)[0]?.state === "delivered" ? continuationRecords(dirA)[0] : undefined),
      "the delivery of B's late answer",
    );
    expect(delivered.payload).toMatchObject({
      kind: "a2a_task_outcome",
      collaborator: "b",
      state: "completed",
    });
    expect(JSON.stringify(delivered.payload)).toContain("B finished late: 17 rows.");
    expect(
      messagesOfRun(
        join(dirA, ".mono-agent", "conversations.sqlite"),
        `continuation-${record.continuationId}`,
      ),
    ).toEqual([{ conversationId: conversationA, role: "assistant", text: "B's late answer arrived." }]);
    // The synthesis (no tools) saw B's answer, framed as data.
    const synthesis = model.requests.find(
      (request) =>
        request.toolNames.length === 0 &&
        JSON.stringify(request.messages).includes("B finished late: 17 rows."),
    );
    expect(synthesis).toBeDefined();
    // What reached B's model holds nothing of A's routing.
    const toB = model.requests.filter(
      (request) =>
        JSON.stringify(request.messages).includes("hold:slowb") &&
        request.toolNames.length > 0 &&
        request.toolNames.every((name) => !name.includes("AskCollaborator")),
    );
    expect(toB.length).toBeGreaterThan(0);
    for (const request of toB) {
      expect(JSON.stringify(request.messages)).not.toContain(result.contextId);
      expect(JSON.stringify(request.messages)).not.toContain(conversationA);
    }
  }, 120_000);
});
