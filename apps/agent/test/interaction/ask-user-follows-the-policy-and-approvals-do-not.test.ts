import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import type { AskChannel, AskRecord } from "@mono-agent/interaction";
import { createFauxModel, type FauxModel, offeredTools } from "@mono-agent/test-utils/faux";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { type MonoAgentApp, startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";

const ASK_SERVER = fileURLToPath(new URL("../fixtures/mcp/ask-server.mjs", import.meta.url));
const ASK_USER = "mcp__mono-agent-adapter-send__AskUser";

type Faux = FauxModel;
let faux: Faux;
let dir: string;
beforeEach(() => {
  faux = createFauxModel();
  dir = mkdtempSync(join(tmpdir(), "ask-policy-"));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

async function appFor(tools: Record<string, unknown>) {
  return startMonoAgentApp({
    config: {
      runtime: { model: "faux:test" },
      tools: {
        mcpServers: { files: { command: process.execPath, args: [ASK_SERVER] } },
        approval: { mode: "annotations" },
        // The fixture server is offered from the first model call, however loaded the machine is.
        mcpStartupGraceMs: 60_000,
        ...tools,
      },
    },
    cwd: dir,
    env: { PATH: process.env.PATH ?? "" },
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

/** A channel for `test:` conversations that denies every approval it is shown and records what it saw. */
function denyingChannel(app: MonoAgentApp): AskChannel & { seen: AskRecord[] } {
  const seen: AskRecord[] = [];
  return {
    id: "test",
    seen,
    canAnswer: () => true,
    present(ask) {
      seen.push(ask);
      if (ask.prompt.kind === "approval")
        app.interaction.broker.answer(
          ask.askId,
          { kind: "approval", decision: "deny", scope: "once" },
          {
            channel: "test",
            userId: "reviewer",
          },
        );
    },
    update: () => {},
    cancel: () => {},
  };
}

async function offeredAndDenied(tools: Record<string, unknown>) {
  const app = await appFor(tools);
  const channel = denyingChannel(app);
  app.interaction.addChannel(channel);
  let offered: string[] = [];
  let result = "";
  faux.setResponses([
    (context) => {
      offered = offeredTools(context).map((tool) => tool.name);
      return fauxAssistantMessage([fauxToolCall("mcp__files__delete_file", { path: "x" })], {
        stopReason: "toolUse",
      });
    },
    (context) => {
      const last = context.messages.at(-1);
      result = last?.role === "toolResult" ? JSON.stringify(last.content) : "";
      return fauxAssistantMessage("done");
    },
  ]);
  // The reviewer's own message started the run: its asks and approvals are theirs.
  await app.run({
    input: "delete x",
    conversationId: "test:1",
    startedBy: { channel: "test", userId: "reviewer" },
  });
  const records = app.interaction.store.listApprovals(10);
  await app.close();
  return { offered, result, channel, records };
}

describe("AskUser follows the tool policy; approvals cover external MCP tools whatever the policy", () => {
  test('allowedTools: ["Read"]: AskUser is not offered, and the destructive MCP tool still asks (denied)', async () => {
    const { offered, result, channel, records } = await offeredAndDenied({ allowedTools: ["Read"] });
    expect(offered).toContain("Read");
    expect(offered).not.toContain(ASK_USER);
    expect(offered).toContain("mcp__files__delete_file");
    expect(channel.seen.map((ask) => ask.kind)).toEqual(["approval"]);
    expect(result).toContain("Denied by reviewer");
    expect(records[0]).toMatchObject({
      toolName: "mcp__files__delete_file",
      decision: "deny",
      scope: "once",
    });
    expect(records[0]?.answeredBy).toEqual({ channel: "test", userId: "reviewer" });
  });

  test('disallowedTools: ["AskUser"] under allow-all removes AskUser; approvals still apply', async () => {
    const { offered, result } = await offeredAndDenied({ disallowedTools: ["AskUser"] });
    expect(offered).not.toContain(ASK_USER);
    expect(offered).toContain("Read");
    expect(result).toContain("Denied by reviewer");
  });

  test("allow-all with an ask channel for the conversation offers AskUser", async () => {
    const { offered } = await offeredAndDenied({});
    expect(offered).toContain(ASK_USER);
  });
});
