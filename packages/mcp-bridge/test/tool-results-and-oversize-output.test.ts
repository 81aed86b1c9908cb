import { readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { connectMcpServers } from "../src/connect-mcp-servers.js";
import { limitToolOutput, MAX_TOOL_OUTPUT_BYTES, MAX_TOOL_OUTPUT_LINES } from "../src/limit-tool-output.js";
import { bridgeOptions, resultText, runFauxAgent, useTempDir } from "./fixtures/bridge-test-kit.js";
import { inMemoryLauncher, inMemorySpec } from "./fixtures/in-memory-launcher.js";

describe("limitToolOutput", () => {
  const outputDir = useTempDir();

  it("passes small output through and cuts one huge line to head + tail within the bounds", async () => {
    const small = await limitToolOutput("a\nb", {
      toolOutputDir: outputDir.path,
      runId: "r",
      fileStem: "small",
    });
    expect(small).toMatchObject({ text: "a\nb", truncated: false });
    const huge = `${"é".repeat(40_000)}END`;
    const limited = await limitToolOutput(huge, {
      toolOutputDir: outputDir.path,
      runId: "../escape",
      fileStem: "a/b",
    });
    expect(limited.truncated).toBe(true);
    expect(Buffer.byteLength(limited.text)).toBeLessThanOrEqual(MAX_TOOL_OUTPUT_BYTES);
    expect(limited.text.startsWith("é")).toBe(true);
    expect(limited.text.endsWith("END")).toBe(true);
    expect(limited.text).not.toContain("\uFFFD");
    expect(limited.savedPath).toBe(join(outputDir.path, ".._escape", "a_b.txt"));
    expect(await readFile(limited.savedPath!, "utf8")).toBe(huge);
  });
});

describe("MCP results as the model sees them (in memory)", () => {
  const outputDir = useTempDir();

  it("oversize output: the model gets head + tail and a note naming the saved file (0600 in a 0700 folder)", async () => {
    const toolOutputDir = join(outputDir.path, "artifacts", "tool-output");
    const bridge = await connectMcpServers(
      bridgeOptions(toolOutputDir, {
        runId: "run-42",
        stdio: inMemoryLauncher(),
        servers: [inMemorySpec("srv")],
      }),
    );
    try {
      const run = await runFauxAgent(bridge.tools, [
        { name: "mcp__srv__big-output", arguments: { lines: 5_000, lineLength: 40 } },
      ]);
      const text = resultText(run.toolResults[0]);
      expect(run.toolResults[0]?.isError).toBe(false);
      expect(text.startsWith("line 0 ")).toBe(true);
      expect(text).toContain("line 4999 ");
      expect(text).not.toContain("line 2500 ");
      expect(text.split("\n").length).toBeLessThanOrEqual(MAX_TOOL_OUTPUT_LINES);
      const savedPath = join(toolOutputDir, "run-42", "mcp__srv__big-output-call-0.txt");
      expect(text).toContain(`saved to ${savedPath}`);
      const saved = await readFile(savedPath, "utf8");
      expect(saved.split("\n")).toHaveLength(5_000);
      expect((await stat(savedPath)).mode & 0o777).toBe(0o600);
      expect((await stat(join(toolOutputDir, "run-42"))).mode & 0o777).toBe(0o700);
      expect(run.toolResults[0]?.details).toMatchObject({
        serverName: "srv",
        toolName: "big-output",
        truncated: true,
        savedPath,
      });
    } finally {
      await bridge.close();
    }
  });

  it("maps images, resource links, audio and structured content", async () => {
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, { stdio: inMemoryLauncher(), servers: [inMemorySpec("srv")] }),
    );
    try {
      const run = await runFauxAgent(bridge.tools, [
        { name: "mcp__srv__picture", arguments: {} },
        { name: "mcp__srv__structured", arguments: {} },
      ]);
      const [picture, structured] = run.toolResults;
      expect(picture?.content).toEqual([
        { type: "text", text: "a picture" },
        { type: "image", data: "iVBORw0KGgo=", mimeType: "image/png" },
        {
          type: "text",
          text: `[resource link: x.txt file:///tmp/x.txt; read it with McpResources { "action": "read", "server": "srv", "uri": "file:///tmp/x.txt" }]`,
        },
        { type: "text", text: "[audio content (audio/wav, 4 base64 characters) not shown]" },
      ]);
      expect(structured?.content).toEqual([{ type: "text", text: '{"answer":42}' }]);
      expect(structured?.details).toMatchObject({ structuredContent: { answer: 42 } });
    } finally {
      await bridge.close();
    }
  });
});
