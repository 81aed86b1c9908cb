import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectMcpServers } from "../../src/runtime/mcp-connect-servers.js";
import {
  bridgeOptions,
  fixtureSpec,
  makeTempDir,
  resultText,
  runFauxAgent,
} from "../fixtures/mcp/bridge-test-kit.js";

describe("a tool's outputSchema, checked by the client (its validator is created on first use)", () => {
  let outputDir: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    outputDir = await makeTempDir();
  });
  afterAll(async () => {
    await outputDir.remove();
  });

  it("passes matching structured content to the model and turns a mismatch into an error result", async () => {
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, { servers: [fixtureSpec("typed", "output-schema-server.mjs")] }),
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
