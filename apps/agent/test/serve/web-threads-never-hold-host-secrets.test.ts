import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitFor } from "../fixtures/continuations/continuation-kit.js";
import { type ScriptedModelServer, startScriptedModelServer } from "./scripted-model-server.js";
import { makeWebAgentFolder, type ServeProcess, startServe, TEST_WEB_TOKEN } from "./serve-process.js";

const PRINT_ENV_SERVER = fileURLToPath(new URL("../fixtures/mcp/print-env-server.mjs", import.meta.url));
const GITHUB_TOKEN = "ghp_9876543210zyxwvutsrqZYXWVUTSRQ987654";
const auth = { authorization: `Bearer ${TEST_WEB_TOKEN}`, "content-type": "application/json" };

let model: ScriptedModelServer;
let serve: ServeProcess | undefined;
let agentDir: string;

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${serve!.origin}${path}`, {
    method,
    headers: auth,
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  return (await response.json()) as T;
}

beforeAll(async () => {
  model = await startScriptedModelServer();
  agentDir = makeWebAgentFolder(model.baseUrl, {
    tools: {
      mcpServers: {
        printer: {
          command: process.execPath,
          args: [PRINT_ENV_SERVER],
          env: { GITHUB_TOKEN: { $env: "GITHUB_TOKEN" } },
        },
      },
    },
  });
  serve = await startServe(agentDir, { env: { MONO_AGENT_WEB_TOKEN: TEST_WEB_TOKEN, GITHUB_TOKEN } });
}, 60_000);

afterAll(async () => {
  await serve?.stop();
  await model?.close();
});

describe("web threads after runs whose tools printed the host's secrets", () => {
  it("keep neither the server's token nor the console's own token (read from the host process)", async () => {
    const { thread } = await api<{ thread: { threadId: string } }>("POST", "/api/threads", {});
    for (const text of [
      '[call: print {"names":["GITHUB_TOKEN"]}]',
      '[call: parent-env {"names":["MONO_AGENT_WEB_TOKEN"]}]',
    ]) {
      await api("POST", `/api/threads/${thread.threadId}/messages`, { text });
      await waitFor(async () => {
        const view = await api<{ turns: { status: string }[] }>("GET", `/api/threads/${thread.threadId}`);
        return view.turns.at(-1)?.status === "running" ? undefined : view;
      }, "the turn to settle");
    }
    const view = JSON.stringify(await api("GET", `/api/threads/${thread.threadId}`));
    expect(view).toContain("GITHUB_TOKEN=[secret omitted]");
    expect(view).toContain("MONO_AGENT_WEB_TOKEN=[secret omitted]");
    // The tools really printed them: the model was shown both values.
    const shown = JSON.stringify(model.requests.map((request) => request.messages));
    expect(shown).toContain(GITHUB_TOKEN);
    expect(shown).toContain(TEST_WEB_TOKEN);
    await serve?.stop();
    serve = undefined;
    const stateDir = join(agentDir, ".mono-agent");
    const files = existsSync(stateDir)
      ? readdirSync(stateDir, { recursive: true, encoding: "utf8" })
          .map((name) => join(stateDir, name))
          .filter((path) => statSync(path).isFile())
      : [];
    expect(files.some((file) => file.includes("web-threads.sqlite"))).toBe(true);
    const leaks = files.flatMap((file) =>
      [GITHUB_TOKEN, TEST_WEB_TOKEN]
        .filter((value) => readFileSync(file).includes(value))
        .map((value) => `${file}: ${value}`),
    );
    expect(leaks).toEqual([]);
  }, 90_000);
});
