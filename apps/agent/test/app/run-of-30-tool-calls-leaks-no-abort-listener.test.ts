import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
import { STDIO_FIXTURE } from "../cli/agent-folder.js";
import {
  type ScriptedCompletion,
  startOpenAICompatibleServer,
} from "../fixtures/openai-compatible/openai-compatible-server.js";

/** Model turns with a tool call in the run: Node warns about an 11th listener on one signal. */
const TOOL_CALLS = 30;

describe("a run with 30 tool calls through pi-ai's real openai-completions provider", () => {
  test("raises no MaxListenersExceededWarning and sends no notifications/cancelled", async () => {
    const script: ScriptedCompletion[] = Array.from({ length: TOOL_CALLS - 1 }, (_, index) => ({
      toolCall: { id: `call_${index}`, name: "mcp__fixture__echo", arguments: `{"text":"call ${index}"}` },
    }));
    script.push({ toolCall: { id: "call_count", name: "mcp__fixture__cancel-count", arguments: "{}" } });
    script.push({ text: "All calls done." });
    const model = await startOpenAICompatibleServer(script);
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    const agentDir = mkdtempSync(join(tmpdir(), "run-30-calls-"));
    const app = await startMonoAgentApp({
      config: {
        runtime: { model: "local:fixture-model" },
        models: { providers: { local: { baseUrl: model.baseUrl, apiKeyEnv: "LOCAL_KEY" } } },
        tools: { mcpServers: { fixture: { command: process.execPath, args: [STDIO_FIXTURE] } } },
      },
      cwd: agentDir,
      env: { PATH: process.env.PATH ?? "", LOCAL_KEY: "local-key" },
    });
    try {
      const result = await app.run({ input: "call the tools" });
      expect(result.status).toBe("succeeded");
      expect(result.toolCalls).toHaveLength(TOOL_CALLS);
      expect(result.toolCalls.every((call) => !call.isError)).toBe(true);
      const lastToolResult = model.requests.at(-1)?.body.messages as { role: string; content: unknown }[];
      expect(lastToolResult.at(-1)).toMatchObject({ role: "tool", content: "0" });
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((warning) => warning.name === "MaxListenersExceededWarning")).toEqual([]);
    } finally {
      process.off("warning", onWarning);
      await app.close();
      await model.close();
      rmSync(agentDir, { recursive: true, force: true });
    }
  });
});
