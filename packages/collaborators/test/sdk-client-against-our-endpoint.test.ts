import { type Message, Role, TaskState } from "@a2a-js/sdk";
import { ClientFactory } from "@a2a-js/sdk/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type A2aEndpoint, startA2aEndpoint } from "../src/node/a2a-endpoint.js";
import type { A2aRunRequest } from "../src/node/run-executor.js";

const BEARER = "a-bearer-of-at-least-16-chars";
const runs: A2aRunRequest[] = [];
let release: () => void = () => {};
let endpoint: A2aEndpoint;

beforeAll(async () => {
  endpoint = await startA2aEndpoint({
    host: "127.0.0.1",
    port: 0,
    bearer: BEARER,
    name: "test agent",
    description: "answers",
    maxBodyBytes: 4_096,
    run: async (request) => {
      runs.push(request);
      if (request.input.includes("wait")) {
        await new Promise<void>((resolve, reject) => {
          release = resolve;
          request.signal.addEventListener("abort", () => reject(new Error("aborted")));
        });
      }
      return { status: "succeeded", finalText: `ran: ${request.input}` };
    },
  });
});
afterAll(async () => {
  await endpoint?.close();
});

function message(text: string, contextId = "", taskId = ""): Message {
  return {
    messageId: crypto.randomUUID(),
    contextId,
    taskId,
    role: Role.ROLE_USER,
    parts: [
      { content: { $case: "text", value: text }, metadata: undefined, filename: "", mediaType: "text/plain" },
    ],
    metadata: undefined,
    extensions: [],
    referenceTaskIds: [],
  };
}

const auth = { serviceParameters: { authorization: `Bearer ${BEARER}` } };
const statusText = (task: { status?: { message?: Message | undefined } | undefined }) =>
  (task.status?.message?.parts ?? [])
    .map((part) => (part.content?.$case === "text" ? part.content.value : ""))
    .join("");

describe("the @a2a-js/sdk client against mono-agent's A2A endpoint", () => {
  it("reads the card, sends a message (one run in the context's conversation), and continues the context", async () => {
    const client = await new ClientFactory().createFromUrl(endpoint.cardUrl, "");
    const card = await client.getAgentCard();
    expect(card).toMatchObject({ name: "test agent", capabilities: { streaming: true } });
    const first = await client.sendMessage(
      { tenant: "", message: message("hello"), configuration: undefined, metadata: undefined },
      auth,
    );
    const task = "status" in first ? first : undefined;
    expect(task?.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(statusText(task!)).toBe("ran: hello");
    expect(runs.at(-1)?.conversationId).toBe(`a2a:${task?.contextId}`);
    await client.sendMessage(
      {
        tenant: "",
        message: message("again", task!.contextId),
        configuration: undefined,
        metadata: undefined,
      },
      auth,
    );
    expect(runs.at(-1)?.conversationId).toBe(`a2a:${task?.contextId}`);
  });

  it("streams: task, working, completed", async () => {
    const client = await new ClientFactory().createFromUrl(endpoint.cardUrl, "");
    const kinds: string[] = [];
    let last = "";
    for await (const event of client.sendMessageStream(
      { tenant: "", message: message("stream me"), configuration: undefined, metadata: undefined },
      auth,
    )) {
      kinds.push(event.payload?.$case ?? "none");
      if (event.payload?.$case === "statusUpdate") last = statusText(event.payload.value);
    }
    expect(kinds[0]).toBe("task");
    expect(kinds).toContain("statusUpdate");
    expect(last).toBe("ran: stream me");
  });

  it("cancels a task: the run's signal is aborted and the task ends canceled", async () => {
    const client = await new ClientFactory().createFromUrl(endpoint.cardUrl, "");
    const stream = client.sendMessageStream(
      { tenant: "", message: message("please wait"), configuration: undefined, metadata: undefined },
      auth,
    );
    let taskId = "";
    for await (const event of stream) {
      if (event.payload?.$case === "task") taskId = event.payload.value.id;
      if (
        event.payload?.$case === "statusUpdate" &&
        event.payload.value.status?.state === TaskState.TASK_STATE_WORKING
      )
        break;
    }
    const cancelled = await client.cancelTask({ tenant: "", id: taskId, metadata: undefined }, auth);
    expect(cancelled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    expect(runs.at(-1)?.signal.aborted).toBe(true);
    const later = await client.getTask({ tenant: "", id: taskId }, auth);
    expect(later.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    release();
  });
});

describe("mono-agent's A2A endpoint refuses", () => {
  const rpc = (headers: Record<string, string>, body: string) =>
    fetch(`${new URL(endpoint.cardUrl).origin}/a2a/jsonrpc`, {
      method: "POST",
      headers: { "content-type": "application/json", "a2a-version": "1.0", ...headers },
      body,
    });
  const call = JSON.stringify({ jsonrpc: "2.0", id: 1, method: "GetTask", params: { id: "x" } });

  it("a missing or forged bearer (401, no run)", async () => {
    const before = runs.length;
    expect((await rpc({}, call)).status).toBe(401);
    expect((await rpc({ authorization: "Bearer forged-token-forged-token-x" }, call)).status).toBe(401);
    const forged = await rpc({ authorization: `Bearer ${BEARER}x` }, call);
    expect(forged.status).toBe(401);
    expect(await forged.json()).toEqual({
      error: { code: "invalid_bearer", message: "send Authorization: Bearer <the token of a2a.bearer>" },
    });
    expect(runs.length).toBe(before);
  });

  it("a foreign Host (421), an oversized body (413) and a deeply nested one (400), before any run", async () => {
    const before = runs.length;
    const { port } = new URL(endpoint.cardUrl);
    const foreign = await new Promise<number>((resolve, reject) => {
      import("node:http").then(({ request }) => {
        const req = request(
          {
            host: "127.0.0.1",
            port,
            path: "/.well-known/agent-card.json",
            headers: { host: "evil.example:80" },
          },
          (res) => resolve(res.statusCode ?? 0),
        );
        req.on("error", reject);
        req.end();
      });
    });
    expect(foreign).toBe(421);
    const auth = { authorization: `Bearer ${BEARER}` };
    expect(
      (
        await rpc(
          auth,
          JSON.stringify({
            jsonrpc: "2.0",
            id: 1,
            method: "SendMessage",
            params: { padding: "x".repeat(8_000) },
          }),
        )
      ).status,
    ).toBe(413);
    const deep = await rpc(auth, `${"[".repeat(100)}${"]".repeat(100)}`);
    expect(deep.status).toBe(400);
    expect(((await deep.json()) as { error: { code: string } }).error.code).toBe("body_too_deep");
    expect(runs.length).toBe(before);
  });
});
