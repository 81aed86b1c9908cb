import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONTINUATION_SERVER,
  freePort,
  readJson,
  waitFor,
} from "../fixtures/continuations/continuation-kit.js";
import { CONTEXT_SERVER } from "../fixtures/mcp-env/context-kit.js";
import { type ScriptedModelServer, startScriptedModelServer } from "./scripted-model-server.js";
import { makeWebAgentFolder, type ServeProcess, startServe, TEST_WEB_TOKEN } from "./serve-process.js";

/** Each test starts its own `mono-agent serve` with MCP servers and runs: generous for a loaded CI machine. */
const SERVE_TEST_TIMEOUT_MS = 90_000;
const auth = { authorization: `Bearer ${TEST_WEB_TOKEN}`, "content-type": "application/json" };

interface TurnView {
  status: string;
  userText: string;
  attachments: { name: string; bytes: number }[];
  assistantText: string;
  toolCalls: { name: string; status: string; resultPreview: string | null }[];
}
interface ThreadPayload {
  turns: TurnView[];
  deliveries: { deliveryId: string; text: string; deliveredAtMs: number }[];
}

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

async function api<T>(serve: ServeProcess, method: string, path: string, body?: unknown) {
  const response = await fetch(`${serve.origin}${path}`, {
    method,
    headers: auth,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function newThread(serve: ServeProcess): Promise<string> {
  return (await api<{ thread: { threadId: string } }>(serve, "POST", "/api/threads", {})).body.thread
    .threadId;
}

async function settledTurn(serve: ServeProcess, threadId: string): Promise<ThreadPayload> {
  return waitFor(async () => {
    const view = await api<ThreadPayload>(serve, "GET", `/api/threads/${threadId}`);
    return view.body.turns.at(-1)?.status === "running" ? undefined : view.body;
  }, "the turn to settle");
}

/** Reads the console's event stream until `matches` accepts an event. */
async function nextEvent(
  serve: ServeProcess,
  matches: (event: { type: string; threadId?: string }) => boolean,
  opened: () => Promise<void>,
): Promise<void> {
  const controller = new AbortController();
  const response = await fetch(`${serve.origin}/api/events`, { headers: auth, signal: controller.signal });
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  await opened();
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error("the event stream ended");
      buffered += decoder.decode(value, { stream: true });
      for (const line of buffered.split("\n"))
        if (line.startsWith("data: ") && matches(JSON.parse(line.slice(6)) as { type: string })) return;
      buffered = buffered.slice(buffered.lastIndexOf("\n") + 1);
    }
  } finally {
    controller.abort();
  }
}

describe("mono-agent serve: files sent with a message and continuation results", () => {
  it(
    "stages the files of a message for the run's request-context server and keeps their names on the turn",
    async () => {
      const agentDir = makeWebAgentFolder(model.baseUrl, {
        tools: {
          mcpRequestContextServers: ["context"],
          mcpServers: { context: { command: process.execPath, args: [CONTEXT_SERVER] } },
        },
      });
      const serve = await serveIn(agentDir);
      const threadId = await newThread(serve);
      const sent = await api(serve, "POST", `/api/threads/${threadId}/messages`, {
        text: "Read my notes [call: attachments {}] [say: I read them.]",
        attachments: [{ name: "notes.txt", data: Buffer.from("plant garlic in october").toString("base64") }],
      });
      expect(sent.status).toBe(202);
      const turn = (await settledTurn(serve, threadId)).turns.at(-1) as TurnView;
      expect(turn.status).toBe("succeeded");
      expect(turn.attachments).toEqual([{ name: "notes.txt", bytes: 23 }]);
      expect(turn.toolCalls[0]).toMatchObject({ name: "mcp__context__attachments", status: "ok" });
      expect(turn.toolCalls[0]?.resultPreview).toMatch(/^ok \S+notes\.txt plant garlic in october$/);

      // Bad files are refused with the accepted form, and no turn is started.
      const bad = [
        [{ name: "a.txt", data: "not base64!" }, /attachments\[0\]\.data is not base64/],
        [{ name: "a.txt" }, /attachments\[0\]\.data is not base64/],
        [{ name: "", data: "" }, /attachments\[0\]\.name must be a non-empty string/],
        [{ name: "a\u0007.txt", data: "" }, /no control characters/],
        [{ name: "a.txt", data: "", mediaType: "text/plain" }, /unknown field\(s\) mediaType/],
      ] as const;
      for (const [attachment, message] of bad) {
        const refused = await api<{ error: { code: string; message: string } }>(
          serve,
          "POST",
          `/api/threads/${threadId}/messages`,
          { text: "again", attachments: [attachment] },
        );
        expect(refused.status).toBe(400);
        expect(refused.body.error.code).toBe("invalid_request");
        expect(refused.body.error.message).toMatch(message);
        expect(refused.body.error.message).toContain(
          '"attachments": [{ "name": "notes.txt", "data": "<base64>" }]',
        );
      }
      const tooMany = await api<{ error: { message: string } }>(
        serve,
        "POST",
        `/api/threads/${threadId}/messages`,
        {
          text: "again",
          attachments: Array.from({ length: 9 }, (_, index) => ({ name: `f${index}`, data: "" })),
        },
      );
      expect(tooMany.status).toBe(400);
      expect(tooMany.body.error.message).toMatch(/9 attachments were sent; at most 8/);
      expect((await api<ThreadPayload>(serve, "GET", `/api/threads/${threadId}`)).body.turns).toHaveLength(1);
    },
    SERVE_TEST_TIMEOUT_MS,
  );

  it(
    "shows a continuation result in its thread live, once, and again after a restart",
    async () => {
      const report = join(mkdtempSync(join(tmpdir(), "mono-agent-web-claim-")), "claim.json");
      const agentDir = makeWebAgentFolder(model.baseUrl, {
        continuations: { port: await freePort() },
        tools: {
          continuationServers: ["jobs"],
          mcpServers: {
            jobs: { command: process.execPath, args: [CONTINUATION_SERVER, `--report=${report}`] },
          },
        },
      });
      let serve = await serveIn(agentDir);
      const threadId = await newThread(serve);
      await api(serve, "POST", `/api/threads/${threadId}/messages`, {
        text:
          'Count the items [call: start_task {"taskKey":"t1"}] [say: Started; I will tell you.] ' +
          "[result-say: All done: 42 items.]",
      });
      const first = await settledTurn(serve, threadId);
      expect(first.turns[0]?.assistantText).toBe("Started; I will tell you.");
      expect(first.deliveries).toEqual([]);
      expect(readJson<{ first: { status: number } }>(report)?.first.status).toBe(200);

      // The result arrives after the run: the thread is refreshed live (a "thread" event), not on reload.
      await nextEvent(
        serve,
        (event) => event.type === "thread" && event.threadId === threadId,
        async () => writeFileSync(`${report}.go`, ""),
      );
      const view = (await api<ThreadPayload>(serve, "GET", `/api/threads/${threadId}`)).body;
      expect(view.deliveries).toEqual([
        {
          deliveryId: expect.stringMatching(/^continuation-/),
          text: "All done: 42 items.",
          deliveredAtMs: expect.any(Number),
        },
      ]);
      expect(view.deliveries[0]?.deliveredAtMs).toBeGreaterThan(0);

      await serve.stop();
      serve = await serveIn(agentDir);
      const again = (await api<ThreadPayload>(serve, "GET", `/api/threads/${threadId}`)).body;
      expect(again.deliveries).toEqual(view.deliveries);
      expect(again.turns).toHaveLength(1);
    },
    SERVE_TEST_TIMEOUT_MS,
  );
});
