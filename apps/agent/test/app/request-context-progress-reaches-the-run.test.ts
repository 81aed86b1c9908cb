import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { afterEach, describe, expect, test } from "vitest";
import {
  type BridgeAnswer,
  postProgress,
  slowPost,
} from "../../../../packages/interaction/test/fixtures/progress-client.js";
import type { RunEvent } from "../../src/app/run/run-events.js";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
import {
  contextServer,
  fauxModel,
  lastToolResult,
  makeAgentDir,
  readReport,
  stepAfter,
} from "../fixtures/mcp-env/context-kit.js";

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A GitHub-token-shaped string: the redaction must replace it. */
const TOKEN_SHAPED = `ghp_${"a1B2c3D4e5".repeat(4).slice(0, 36)}`;

describe("progress from a request-context server", () => {
  test("reaches the run as a redacted progress event; the bearer is bound to the run and revoked at its end", async () => {
    const dir = makeAgentDir();
    const report = join(dir, "env.json");
    const { faux, customModels } = fauxModel();
    const app = await startMonoAgentApp({
      config: {
        runtime: { model: "faux:faux-1" },
        tools: {
          mcpRequestContextServers: ["ctx"],
          mcpServers: { ctx: contextServer([`--report=${report}`]) },
        },
      },
      cwd: dir,
      env: { PATH: process.env.PATH },
      customModels,
    });
    cleanups.push(() => app.close());
    const during: Record<string, BridgeAnswer> = {};
    let toolAnswer = "";
    let slow: ReturnType<typeof slowPost> | undefined;
    let url = "";
    let token = "";
    faux.setResponses([
      fauxAssistantMessage(fauxToolCall("mcp__ctx__progress", { message: `halfway there ${TOKEN_SHAPED}` }), {
        stopReason: "toolUse",
      }),
      stepAfter(async (context) => {
        toolAnswer = lastToolResult(context);
        const env = readReport(report);
        url = env.MONO_AGENT_INTERACTION_PROGRESS_URL ?? "";
        token = env.MONO_AGENT_INTERACTION_PROGRESS_TOKEN ?? "";
        const body = (fields: object) => JSON.stringify({ key: "k", message: "m", ...fields });
        during.otherConversation = await postProgress(url, token, body({ conversationId: "telegram:43" }));
        during.otherBucket = await postProgress(
          url,
          token,
          body({ conversationId: "telegram:42#2026-07-13" }),
        );
        during.oversized = await postProgress(url, token, body({ message: "x".repeat(65 * 1024) }));
        slow = slowPost(url, token, body({ message: "too late" }));
      }, fauxAssistantMessage("done")),
    ]);
    const events: RunEvent[] = [];
    const result = await app.run({
      input: "go",
      conversationId: "telegram:42#2026-07-12",
      onEvent: (event) => events.push(event),
    });
    expect(result.status).toBe("succeeded");
    expect(toolAnswer).toBe("progress answered 202");
    const progress = events.filter((event) => event.type === "progress");
    expect(progress).toEqual([
      { type: "progress", key: "fixture-task", message: "halfway there [secret omitted]", state: "working" },
      { type: "progress", key: "k", message: "m", state: "working" },
    ]);
    const types = events.map((event) => event.type);
    expect(types.indexOf("progress")).toBeLessThan(types.indexOf("tool_finished"));
    expect(during.otherConversation?.status).toBe(403);
    expect(during.otherBucket?.status).toBe(202);
    expect(during.oversized?.status).toBe(413);

    expect((await slow?.finish())?.status).toBe(401);
    expect((await postProgress(url, token, JSON.stringify({ key: "k", message: "after" }))).status).toBe(401);
    expect(events.filter((event) => event.type === "progress")).toHaveLength(2);
  });

  test("with interaction.progress.enabled false the progress keys are empty and no bridge listens", async () => {
    const dir = makeAgentDir();
    const report = join(dir, "env.json");
    const { faux, customModels } = fauxModel();
    const app = await startMonoAgentApp({
      config: {
        runtime: { model: "faux:faux-1" },
        tools: {
          mcpRequestContextServers: ["ctx"],
          mcpServers: { ctx: contextServer([`--report=${report}`]) },
        },
      },
      cwd: dir,
      env: { PATH: process.env.PATH, MONO_AGENT_PROGRESS_ENABLED: "false" },
      customModels,
    });
    cleanups.push(() => app.close());
    faux.setResponses([fauxAssistantMessage("done")]);
    expect((await app.run({ input: "go" })).status).toBe("succeeded");
    const env = readReport(report);
    expect(env.MONO_AGENT_INTERACTION_PROGRESS_URL).toBe("");
    expect(env.MONO_AGENT_INTERACTION_PROGRESS_TOKEN).toBe("");
    expect(env.MONO_AGENT_MCP_PRODUCING_RUN_ID).toMatch(/\S/);
  });
});
