import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { createFauxModel, type FauxModel, offeredTools } from "@mono-agent/test-utils/faux";
import { beforeEach, describe, expect, test } from "vitest";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
import { STDIO_FIXTURE } from "../cli/agent-folder.js";

type Faux = FauxModel;
let faux: Faux;
beforeEach(() => {
  faux = createFauxModel();
});

function appFor(tools: Record<string, unknown>) {
  const model = faux.getModel();
  return startMonoAgentApp({
    config: {
      runtime: { model: "faux:test" },
      tools: { mcpServers: { fixture: { command: process.execPath, args: [STDIO_FIXTURE] } }, ...tools },
    },
    cwd: mkdtempSync(join(tmpdir(), "run-agent-faux-")),
    env: { PATH: process.env.PATH ?? "" },
    customModels: {
      "faux:test": {
        model,
        streamFn: faux.streamFn,
        getApiKey: () => "x",
        label: "faux:test",
        isDemo: false,
      },
    },
  });
}

describe("a run through startMonoAgentApp with pi-ai's faux model", () => {
  test("allowedTools: [] with one external server: the MCP tool is offered and Read is not", async () => {
    const app = await appFor({ allowedTools: [] });
    let offered: string[] = [];
    faux.setResponses([
      (context) => {
        offered = offeredTools(context).map((tool) => tool.name);
        return fauxAssistantMessage("ok");
      },
    ]);
    const result = await app.run({ input: "which tools?" });
    await app.close();
    expect(result.status).toBe("succeeded");
    expect(offered).toContain("mcp__fixture__echo");
    expect(offered).not.toContain("Read");
    expect(offered.every((name) => name.startsWith("mcp__fixture__"))).toBe(true);
  });

  test("the model calls mcp__fixture__echo and the result reaches the model", async () => {
    const app = await appFor({});
    let seen = "";
    faux.setResponses([
      fauxAssistantMessage([fauxToolCall("mcp__fixture__echo", { text: "ping from the model" })], {
        stopReason: "toolUse",
      }),
      (context) => {
        const last = context.messages.at(-1);
        seen = last?.role === "toolResult" ? JSON.stringify(last.content) : "";
        return fauxAssistantMessage("done");
      },
    ]);
    const result = await app.run({ input: "echo please" });
    await app.close();
    expect(result.status).toBe("succeeded");
    expect(seen).toContain("ping from the model");
    expect(result.toolCalls).toEqual([
      expect.objectContaining({ name: "mcp__fixture__echo", isError: false }),
    ]);
    expect(result.mcpServersUsed).toContain("fixture");
  });

  test("a server whose $env variable is missing is skipped with a warning naming it; the run goes on", async () => {
    const app = await appFor({
      mcpServers: { broken: { command: "node", env: { TOKEN: { $env: "NOT_SET_ANYWHERE" } } } },
    });
    faux.setResponses([fauxAssistantMessage("fine")]);
    const result = await app.run({ input: "hi" });
    await app.close();
    expect(result.status).toBe("succeeded");
    expect(
      result.warnings.some(
        (warning) => warning.serverName === "broken" && warning.message.includes("NOT_SET_ANYWHERE"),
      ),
    ).toBe(true);
  });

  test("the config object is not mutated by a run", async () => {
    const app = await appFor({});
    const before = structuredClone(app.loaded.config);
    faux.setResponses([fauxAssistantMessage("fine")]);
    await app.run({ input: "hi" });
    await app.close();
    expect(app.loaded.config).toEqual(before);
  });
});
