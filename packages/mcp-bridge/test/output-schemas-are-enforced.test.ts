import { describe, expect, it } from "vitest";
import { connectMcpServers } from "../src/connect-mcp-servers.js";
import { bridgeOptions, resultText, runFauxAgent, useTempDir } from "./fixtures/bridge-test-kit.js";
import { inMemoryLauncher, inMemorySpec } from "./fixtures/in-memory-launcher.js";

describe("a tool's outputSchema, checked by the client (its validator is created on first use; in memory)", () => {
  const outputDir = useTempDir();

  it("passes matching structured content to the model and turns a mismatch into an error result", async () => {
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, {
        stdio: inMemoryLauncher(),
        servers: [inMemorySpec("typed", "output-schema")],
      }),
    );
    try {
      expect(bridge.warnings).toEqual([]);
      const run = await runFauxAgent(bridge.tools, [
        { name: "mcp__typed__typed-answer", arguments: { answer: 42 } },
        { name: "mcp__typed__typed-answer", arguments: { answer: "forty-two" } },
        { name: "mcp__typed__typed-answer", arguments: { answer: 7 } },
      ]);
      expect(run.toolResults.map((message) => [message.isError, resultText(message)])).toEqual([
        [false, expect.stringContaining('{"answer":42}')],
        [true, expect.stringMatching(/does not match the tool's output schema/i)],
        [false, expect.stringContaining('{"answer":7}')],
      ]);
      expect(run.pendingSteps).toBe(0);
    } finally {
      await bridge.close();
    }
  });
});
