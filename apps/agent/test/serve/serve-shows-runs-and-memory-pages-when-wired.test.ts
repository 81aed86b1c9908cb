import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedModelServer, startScriptedModelServer } from "./scripted-model-server.js";
import { makeWebAgentFolder, type ServeProcess, startServe, TEST_WEB_TOKEN } from "./serve-process.js";

let model: ScriptedModelServer;
const serves: ServeProcess[] = [];
/** Each test starts its own `mono-agent serve` and a run: generous for a loaded CI machine. */
const SERVE_TEST_TIMEOUT_MS = 90_000;
const auth = { authorization: `Bearer ${TEST_WEB_TOKEN}`, "content-type": "application/json" };

beforeAll(async () => {
  model = await startScriptedModelServer();
});

afterAll(async () => {
  for (const serve of serves) await serve.stop();
  await model?.close();
});

async function serveWith(config: Record<string, unknown>): Promise<ServeProcess> {
  const serve = await startServe(makeWebAgentFolder(model.baseUrl, config), {
    env: { MONO_AGENT_WEB_TOKEN: TEST_WEB_TOKEN },
  });
  serves.push(serve);
  return serve;
}

async function getJson<T>(serve: ServeProcess, path: string): Promise<{ status: number; body: T }> {
  const response = await fetch(`${serve.origin}${path}`, { headers: auth });
  return { status: response.status, body: (await response.json()) as T };
}

describe("the console's optional pages follow what is wired", () => {
  it(
    "lists the web run on the runs page and shows memory stats when memory is configured",
    async () => {
      const serve = await serveWith({ memory: { path: "./memory" } });
      expect((await getJson(serve, "/api/features")).body).toEqual({ runs: true, memory: true });
      const created = await fetch(`${serve.origin}/api/threads`, {
        method: "POST",
        headers: auth,
        body: "{}",
      });
      const { thread } = (await created.json()) as { thread: { threadId: string } };
      const sent = await fetch(`${serve.origin}/api/threads/${thread.threadId}/messages`, {
        method: "POST",
        headers: auth,
        body: JSON.stringify({ text: "Hi [say: Hello from the fixture.]" }),
      });
      expect(sent.status).toBe(202);
      let status = "running";
      while (status === "running") {
        const view = await getJson<{ turns: { status: string }[] }>(serve, `/api/threads/${thread.threadId}`);
        status = view.body.turns[0]?.status ?? "running";
        if (status === "running") await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(status).toBe("succeeded");
      const runs = await getJson<{ runs: { conversationId: string; status: string; model: string }[] }>(
        serve,
        "/api/runs",
      );
      expect(runs.body.runs).toContainEqual(
        expect.objectContaining({ conversationId: `web:${thread.threadId}`, status: "succeeded" }),
      );
      const memory = await getJson<{ stats: Record<string, unknown>; today: string[] }>(serve, "/api/memory");
      expect(memory.status).toBe(200);
      expect(typeof memory.body.stats["memories"]).toBe("number");
      expect(Array.isArray(memory.body.today)).toBe(true);
    },
    SERVE_TEST_TIMEOUT_MS,
  );

  it(
    "hides the memory page (and answers 404 on its route) when memory is not configured",
    async () => {
      const serve = await serveWith({});
      expect((await getJson(serve, "/api/features")).body).toEqual({ runs: true, memory: false });
      expect((await getJson(serve, "/api/memory")).status).toBe(404);
    },
    SERVE_TEST_TIMEOUT_MS,
  );
});
