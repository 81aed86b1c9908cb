import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { createFauxModel, type FauxModel, offeredTools } from "@mono-agent/test-utils/faux";
import { beforeEach, describe, expect, test } from "vitest";
import type { RunEvent } from "../../src/app/run/run-events.js";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";

const LIVE = fileURLToPath(new URL("../fixtures/mcp/live-server.mjs", import.meta.url));
type Faux = FauxModel;
let faux: Faux;
beforeEach(() => {
  faux = createFauxModel();
});

function startApp(agentDir: string, servers: Record<string, unknown>, graceMs: number) {
  return startMonoAgentApp({
    config: {
      runtime: { model: "faux:test" },
      tools: { allowedTools: [], mcpStartupGraceMs: graceMs, mcpServers: servers },
    },
    cwd: agentDir,
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
    recordRuns: false,
  });
}

const names = (tools: { name: string }[] | undefined) => (tools ?? []).map((tool) => tool.name);

describe("live tool lists", () => {
  test("a server that adds a tool mid-run has it offered, and callable, on the next turn", async () => {
    const app = await startApp(
      mkdtempSync(join(tmpdir(), "live-")),
      { live: { command: process.execPath, args: [LIVE] } },
      5_000,
    );
    const offered: string[][] = [];
    faux.setResponses([
      (context) => {
        offered.push(names(offeredTools(context)));
        return fauxAssistantMessage([fauxToolCall("mcp__live__first", {})], { stopReason: "toolUse" });
      },
      (context) => {
        offered.push(names(offeredTools(context)));
        return fauxAssistantMessage([fauxToolCall("mcp__live__second", {})], { stopReason: "toolUse" });
      },
      (context) => {
        const last = context.messages.at(-1);
        return fauxAssistantMessage(last?.role === "toolResult" ? JSON.stringify(last.content) : "none");
      },
    ]);
    const result = await app.run({ input: "grow" });
    await app.close();
    expect(offered[0]).not.toContain("mcp__live__second");
    expect(offered[1]).toContain("mcp__live__second");
    expect(result.toolCalls).toEqual([
      expect.objectContaining({ name: "mcp__live__first", isError: false }),
      expect.objectContaining({ name: "mcp__live__second", isError: false }),
    ]);
    expect(result.finalText).toContain("second ran");
  });
});

describe("no waiting for the slowest server", () => {
  test("a slow server joins from the next turn with a status line; the first turn does not wait for it", async () => {
    const agentDir = mkdtempSync(join(tmpdir(), "grace-"));
    const marker = join(agentDir, "slow-connected");
    const gate = join(agentDir, "slow-may-start");
    // The first model call waits up to 4 s: the fast server is up by then, the slow one waits for the gate.
    const app = await startApp(
      agentDir,
      {
        fast: { command: process.execPath, args: [LIVE] },
        slow: { command: process.execPath, args: [LIVE, "--wait-for-file", gate] },
      },
      4_000,
    );
    const offered: string[][] = [];
    faux.setResponses([
      (context) => {
        offered.push(names(offeredTools(context)));
        return fauxAssistantMessage([fauxToolCall("mcp__fast__wait_for_file", { path: marker })], {
          stopReason: "toolUse",
        });
      },
      (context) => {
        offered.push(names(offeredTools(context)));
        return fauxAssistantMessage("done");
      },
    ]);
    const events: RunEvent[] = [];
    const result = await app.run({
      input: "go",
      onEvent: (event) => {
        events.push(event);
        if (event.type === "tool_started") writeFileSync(gate, "");
        if (event.type === "mcp_server_status" && event.serverName === "slow") writeFileSync(marker, "");
      },
    });
    await app.close();
    expect(result.status).toBe("succeeded");
    expect(offered[0]).toContain("mcp__fast__live_echo");
    expect(offered[0]).not.toContain("mcp__slow__live_echo");
    expect(offered[1]).toContain("mcp__slow__live_echo");
    expect(events).toContainEqual(
      expect.objectContaining({
        type: "mcp_server_status",
        serverName: "slow",
        status: "connected",
        message: expect.stringMatching(
          /^MCP server "slow" connected after \d+\.\d s; its 3 tools are offered from the next turn\.$/,
        ),
      }),
    );
    expect(result.mcpServersUsed).toEqual(expect.arrayContaining(["fast", "slow"]));
  });

  test("a slow server's cached tools are offered at once, and calling one waits for the connection", async () => {
    const agentDir = mkdtempSync(join(tmpdir(), "cache-"));
    const servers = { slow: { command: process.execPath, args: [LIVE, "--delay-ms", "800"] } };
    const warm = await startApp(agentDir, servers, 30_000);
    faux.setResponses([fauxAssistantMessage("warm")]);
    await warm.run({ input: "fill the cache" });
    await warm.close();

    const app = await startApp(agentDir, servers, 0);
    let firstOffer: string[] = [];
    faux.setResponses([
      (context) => {
        firstOffer = names(offeredTools(context));
        return fauxAssistantMessage([fauxToolCall("mcp__slow__live_echo", { text: "early" })], {
          stopReason: "toolUse",
        });
      },
      (context) => {
        const last = context.messages.at(-1);
        return fauxAssistantMessage(last?.role === "toolResult" ? JSON.stringify(last.content) : "none");
      },
    ]);
    const result = await app.run({ input: "call it before it is up" });
    await app.close();
    expect(firstOffer).toContain("mcp__slow__live_echo");
    expect(result.toolCalls).toEqual([
      expect.objectContaining({ name: "mcp__slow__live_echo", isError: false }),
    ]);
    expect(result.finalText).toContain("live: early");
  });
});
