import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { type ScriptedModelServer, startScriptedModelServer } from "../serve/scripted-model-server.js";
import { makeWebAgentFolder, type ServeProcess, startServe, TEST_WEB_TOKEN } from "../serve/serve-process.js";

/** Longest the whole restart scenario may take on a loaded 2-core machine. */
const RESTART_TEST_TIMEOUT_MS = 90_000;
/** Polling interval while waiting on the console's state, in ms. */
const POLL_MS = 50;

const ASK = JSON.stringify({
  questions: [{ header: "Go", question: "Shall I go on?", options: [{ label: "Yes" }, { label: "No" }] }],
}).replaceAll("}]", "} ]");

let model: ScriptedModelServer;
let agentDir: string;
const serves: ServeProcess[] = [];
beforeAll(async () => {
  model = await startScriptedModelServer();
  agentDir = makeWebAgentFolder(model.baseUrl);
});
afterAll(async () => {
  for (const serve of serves) await serve.stop();
  await model.close();
  rmSync(agentDir, { recursive: true, force: true });
});

interface AskView {
  askId: string;
  runId: string;
  status: string;
  cancelReason?: string;
}

async function api<T>(
  serve: ServeProcess,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${serve.origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${TEST_WEB_TOKEN}`, "content-type": "application/json" },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function until<T>(read: () => Promise<T | undefined>): Promise<T> {
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

test(
  "serve killed while an ask is pending: on restart the ask is cancelled (host_restarted) in the thread, and RunHistory has it",
  async () => {
    const first = await startServe(agentDir, { env: { MONO_AGENT_WEB_TOKEN: TEST_WEB_TOKEN } });
    serves.push(first);
    const { threadId } = (await api<{ thread: { threadId: string } }>(first, "POST", "/api/threads", {})).body
      .thread;
    await api(first, "POST", `/api/threads/${threadId}/messages`, { text: `[call: AskUser ${ASK}]` });
    const pending = await until(async () => {
      const view = await api<{ asks: AskView[] }>(first, "GET", `/api/threads/${threadId}`);
      return view.body.asks.find((ask) => ask.status === "pending");
    });
    // A wrong answer is refused and changes nothing; an unknown ask is 404.
    const wrong = await api<{ error: { code: string } }>(
      first,
      "POST",
      `/api/threads/${threadId}/asks/${pending.askId}`,
      {
        answer: { kind: "question", via: "callback", answers: [{ header: "Go", selected: ["Maybe"] }] },
      },
    );
    expect([wrong.status, wrong.body.error.code]).toEqual([400, "invalid_answer"]);
    expect(
      (
        await api(first, "POST", `/api/threads/${threadId}/asks/nope`, {
          answer: { kind: "url", action: "accept" },
        })
      ).status,
    ).toBe(404);

    // RunHistory's evidence of the run holds the ask as it was asked (the recorder checkpoints on a timer).
    const artifacts = join(agentDir, ".mono-agent", "artifacts");
    const eventsOfRun = () => {
      const file = readdirSync(artifacts, { recursive: true })
        .map(String)
        .find((name) => name.endsWith(`run-${pending.runId}.events.jsonl`));
      return file === undefined ? "" : readFileSync(join(artifacts, file), "utf8");
    };
    const events = await until(async () =>
      eventsOfRun().includes("ask_pending") ? eventsOfRun() : undefined,
    );
    expect(events).toContain("AskUser asked Go: Shall I go on?; pending");

    first.child.kill("SIGKILL");
    await first.stop();
    const second = await startServe(agentDir, { env: { MONO_AGENT_WEB_TOKEN: TEST_WEB_TOKEN } });
    serves.push(second);
    const view = await api<{ asks: AskView[] }>(second, "GET", `/api/threads/${threadId}`);
    expect(view.body.asks).toMatchObject([
      { askId: pending.askId, status: "cancelled", cancelReason: "host_restarted" },
    ]);
    const late = await api<{ error: { code: string } }>(
      second,
      "POST",
      `/api/threads/${threadId}/asks/${pending.askId}`,
      {
        answer: { kind: "question", via: "callback", answers: [{ header: "Go", selected: ["Yes"] }] },
      },
    );
    expect([late.status, late.body.error.code]).toEqual([409, "ask_not_pending"]);
  },
  RESTART_TEST_TIMEOUT_MS,
);
