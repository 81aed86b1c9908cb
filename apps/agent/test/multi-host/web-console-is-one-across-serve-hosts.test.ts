import { rmSync } from "node:fs";
import { startTestPostgres, type TestPostgres } from "@mono-agent/storage/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedModelServer, startScriptedModelServer } from "../serve/scripted-model-server.js";
import { makeWebAgentFolder, type ServeProcess, startServe, TEST_WEB_TOKEN } from "../serve/serve-process.js";

/**
 * Two `mono-agent serve` hosts on one PostgreSQL are one web console: a thread created on A is listed
 * and continued on B, and an event stream opened on A receives the live events of B's run.
 */
let database: TestPostgres;
let model: ScriptedModelServer;
const hosts: { serve: ServeProcess; folder: string }[] = [];

async function startHost(): Promise<ServeProcess> {
  const folder = makeWebAgentFolder(model.baseUrl, {
    storage: { postgres: { url: { $env: "DATABASE_URL" }, schema: "agent" } },
  });
  const serve = await startServe(folder, {
    env: { DATABASE_URL: database.url, MONO_AGENT_WEB_TOKEN: TEST_WEB_TOKEN },
  });
  hosts.push({ serve, folder });
  return serve;
}

async function api<T>(serve: ServeProcess, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${serve.origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${TEST_WEB_TOKEN}`, "content-type": "application/json" },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  expect(response.status).toBeLessThan(300);
  return (await response.json()) as T;
}

/** Reads `GET /api/events` of a host until `done` says the events seen so far are enough. */
async function readEvents(serve: ServeProcess, done: (events: unknown[]) => boolean): Promise<unknown[]> {
  const response = await fetch(`${serve.origin}/api/events`, {
    headers: { authorization: `Bearer ${TEST_WEB_TOKEN}` },
  });
  const reader = response.body?.getReader();
  if (!reader) throw new Error("no event stream body");
  const decoder = new TextDecoder();
  const events: unknown[] = [];
  let buffer = "";
  while (!done(events)) {
    const { value, done: ended } = await reader.read();
    if (ended) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf("\n\n");
    while (end >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      for (const line of block.split("\n"))
        if (line.startsWith("data: ")) events.push(JSON.parse(line.slice(6)) as unknown);
      end = buffer.indexOf("\n\n");
    }
  }
  await reader.cancel();
  return events;
}

beforeAll(async () => {
  [database, model] = await Promise.all([startTestPostgres(), startScriptedModelServer()]);
  await startHost();
  await startHost();
}, 120_000);

afterAll(async () => {
  for (const host of hosts) {
    await host.serve.stop();
    rmSync(host.folder, { recursive: true, force: true });
  }
  await model?.close();
  await database?.stop();
});

describe("the web console of two serve hosts on one PostgreSQL", () => {
  it("lists a thread made on A on B, and streams B's run events to A", async () => {
    const [a, b] = hosts.map((host) => host.serve) as [ServeProcess, ServeProcess];
    const { thread } = await api<{ thread: { threadId: string } }>(a, "POST", "/api/threads", {});
    const onB = await api<{ threads: { threadId: string }[] }>(b, "GET", "/api/threads");
    expect(onB.threads.map((listed) => listed.threadId)).toContain(thread.threadId);

    const seenOnA = readEvents(
      a,
      (events) =>
        events.some((event) => (event as { event?: { type?: string } }).event?.type === "text_delta") &&
        events.some((event) => (event as { type?: string }).type === "thread"),
    );
    // The stream on A is open before B's run starts: give it a moment to subscribe.
    await new Promise((resolve) => setTimeout(resolve, 500));
    await api(b, "POST", `/api/threads/${thread.threadId}/messages`, { text: "[say: hello-from-b]" });
    const events = await seenOnA;
    const text = events
      .map((event) => (event as { event?: { type?: string; text?: string } }).event)
      .filter((event) => event?.type === "text_delta")
      .map((event) => event?.text)
      .join("");
    expect(text).toContain("hello");
    expect(events.some((event) => (event as { threadId?: string }).threadId === thread.threadId)).toBe(true);

    const onA = await api<{ threads: { threadId: string }[] }>(a, "GET", "/api/threads");
    expect(onA.threads.map((listed) => listed.threadId)).toContain(thread.threadId);

    // The Runs view of A reads the shared run store: it lists the run B recorded.
    const ofThread = (runs: { conversationId: string; status: string }[]) =>
      runs.filter((run) => run.conversationId.includes(thread.threadId));
    let runsOnA: { conversationId: string; status: string }[] = [];
    for (let attempt = 0; attempt < 50 && ofThread(runsOnA)[0]?.status !== "succeeded"; attempt++) {
      if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      runsOnA = (await api<{ runs: typeof runsOnA }>(a, "GET", "/api/runs")).runs;
    }
    expect(ofThread(runsOnA)).toEqual([expect.objectContaining({ status: "succeeded" })]);
  }, 180_000);
});
