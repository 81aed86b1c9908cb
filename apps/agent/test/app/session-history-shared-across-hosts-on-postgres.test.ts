import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { startTestPostgres, type TestPostgres } from "@mono-agent/storage/testing";
import { createFauxModel, type FauxModel } from "@mono-agent/test-utils/faux";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type MonoAgentApp, startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";

type Faux = FauxModel;
const SESSION_HISTORY = "mcp__mono-agent-session-history__SessionHistory";

let server: TestPostgres;
let faux: Faux;
const folders: string[] = [];
beforeAll(async () => {
  server = await startTestPostgres();
}, 120_000);
afterAll(async () => {
  await server?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});
beforeEach(() => {
  faux = createFauxModel();
});

/** One host: its own agent folder (its own machine), the shared database in storage.postgres. */
async function startHost(): Promise<MonoAgentApp> {
  const folder = mkdtempSync(join(tmpdir(), "pg-session-history-host-"));
  folders.push(folder);
  writeFileSync(join(folder, "NOTES.md"), "the launch code word is heliotrope\n");
  return startMonoAgentApp({
    config: {
      runtime: { model: "faux:test" },
      storage: { postgres: { url: { $env: "DATABASE_URL" }, schema: "shared_session_history" } },
    },
    cwd: folder,
    env: { PATH: process.env.PATH ?? "", DATABASE_URL: server.url },
    recordRuns: false,
    customModels: {
      "faux:test": {
        model: faux.getModel(),
        streamFn: faux.streamFn,
        getApiKey: () => "x",
        label: "faux:test",
        isDemo: false,
      },
    },
  });
}

function textOf(message: unknown): string {
  const content = (message as { content?: unknown }).content;
  return typeof content === "string" ? content : JSON.stringify(content);
}

/** Runs a turn on `host` whose model asks SessionHistory for `query`; returns what the tool answered. */
async function askSessionHistory(host: MonoAgentApp, conversationId: string, query: string): Promise<string> {
  let seen = "";
  faux.setResponses([
    fauxAssistantMessage([fauxToolCall(SESSION_HISTORY, { query })], { stopReason: "toolUse" }),
    (context) => {
      seen = textOf(context.messages.at(-1));
      return fauxAssistantMessage("answered");
    },
  ]);
  const result = await host.run({ input: `what about ${query}?`, conversationId });
  expect(result.status).toBe("succeeded");
  return seen;
}

describe("SessionHistory on storage.postgres is one store for every host", () => {
  it("a tool call recorded on host A is found on host B in the same conversation, and absent in another", async () => {
    const hostA = await startHost();
    const hostB = await startHost();
    try {
      faux.setResponses([
        fauxAssistantMessage([fauxToolCall("Read", { path: "NOTES.md" })], { stopReason: "toolUse" }),
        fauxAssistantMessage("read it"),
      ]);
      const first = await hostA.run({ input: "read the notes", conversationId: "web:shared" });
      expect(first.status).toBe("succeeded");

      const sameConversation = await askSessionHistory(hostB, "web:shared", "heliotrope");
      expect(sameConversation).toContain("the launch code word is heliotrope");
      expect(sameConversation).toContain('\\"conversationId\\":\\"web:shared\\"');
      expect(sameConversation).toContain('\\"Read\\"');
      expect(sameConversation).toContain("NOTES.md");

      const otherConversation = await askSessionHistory(hostB, "web:elsewhere", "heliotrope");
      expect(otherConversation).toContain('\\"count\\":0');
      expect(otherConversation).not.toContain("NOTES.md");
      expect(otherConversation).not.toContain('\\"Read\\"');
    } finally {
      await hostA.close();
      await hostB.close();
    }
  }, 240_000);
});
