import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AskRecord } from "@mono-agent/interaction";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type MonoAgentApp, startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";

/**
 * Reference §3.2: the bridge starts when AskUser (or a configured adapter send tool) is allowed, when an
 * `interaction.bridge` key is set (file or env), or for progress of request-context servers; a config with
 * none of those runs without one.
 */
let dir: string;
const apps: MonoAgentApp[] = [];
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "bridge-when-"));
});
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  rmSync(dir, { recursive: true, force: true });
});

async function appWith(
  tools: Record<string, unknown>,
  extra: { env?: Record<string, string>; interaction?: object } = {},
) {
  const app = await startMonoAgentApp({
    config: {
      runtime: { model: "demo:demo" },
      tools,
      ...(extra.interaction ? { interaction: extra.interaction } : {}),
    },
    cwd: dir,
    env: { PATH: process.env.PATH ?? "", ...extra.env },
  });
  apps.push(app);
  return app;
}

describe("when the host runs an interaction bridge", () => {
  test("AskUser allowed: the host has a bridge whose /v1/asks routes open an ask on the conversation's channel", async () => {
    // No person started a bridge ask: it goes to the configured approvers (here the web console operator).
    const app = await appWith(
      { allowedTools: ["AskUser"] },
      { interaction: { answerers: { approvers: ["web"] } } },
    );
    expect(app.interactionBridge).toBeDefined();
    const presented: AskRecord[] = [];
    app.interaction.addChannel({
      id: "web",
      canAnswer: () => true,
      present: (ask) => void presented.push(ask),
      update: () => {},
      cancel: () => {},
    });
    const bridge = await app.interactionBridge?.get();
    const response = await fetch(`${bridge?.url}/v1/asks`, {
      method: "POST",
      headers: { authorization: `Bearer ${bridge?.masterToken}`, "content-type": "application/json" },
      body: JSON.stringify({
        conversationId: "web:one",
        questions: [{ header: "Go", question: "Go on?", options: [{ label: "yes" }, { label: "no" }] }],
      }),
    });
    expect(response.status).toBe(201);
    const ask = (await response.json()) as AskRecord;
    expect(presented.map((item) => item.askId)).toEqual([ask.askId]);
    expect(app.interaction.broker.get(ask.askId)?.status).toBe("pending");
  });

  test("neither AskUser, a send tool, an interaction.bridge key nor a request-context server: no bridge", async () => {
    const app = await appWith({ allowedTools: ["Read"] });
    expect(app.interactionBridge).toBeUndefined();
  });

  test("an interaction.bridge key in the file or MONO_AGENT_INTERACTION_BRIDGE_PORT brings it up with AskUser withheld", async () => {
    const fromFile = await appWith(
      { allowedTools: ["Read"] },
      { interaction: { bridge: { host: "127.0.0.1" } } },
    );
    expect(fromFile.interactionBridge).toBeDefined();
    const fromEnv = await appWith(
      { allowedTools: ["Read"] },
      { env: { MONO_AGENT_INTERACTION_BRIDGE_PORT: "0" } },
    );
    expect(fromEnv.interactionBridge).toBeDefined();
  });

  test("SlackSendMessage allowed without a slack block is no reason for a bridge (the tool is not configured)", async () => {
    const app = await appWith({ allowedTools: ["SlackSendMessage"] });
    expect(app.interactionBridge).toBeUndefined();
  });
});
