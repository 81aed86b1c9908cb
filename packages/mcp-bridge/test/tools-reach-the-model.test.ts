import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectMcpServers } from "../src/connect-mcp-servers.js";
import {
  bridgeOptions,
  fixtureSpec,
  makeTempDir,
  resultText,
  runFauxAgent,
  serverEverythingBin,
  TEST_SERVER_OPTIONS,
} from "./fixtures/bridge-test-kit.js";
// @ts-expect-error plain .mjs fixture without types
import { startHttpFixture } from "./fixtures/http-server.mjs";
// @ts-expect-error plain .mjs fixture without types
import { startSseFixture } from "./fixtures/sse-server.mjs";

type Fixture = { url: string; close: () => Promise<void> };

describe("a faux model calls mcp__<server>__<tool> and receives the result", () => {
  let outputDir: Awaited<ReturnType<typeof makeTempDir>>;
  let http: Fixture;
  let sse: Fixture;

  beforeAll(async () => {
    outputDir = await makeTempDir();
    http = await startHttpFixture();
    sse = await startSseFixture();
  });
  afterAll(async () => {
    await http.close();
    await sse.close();
    await outputDir.remove();
  });

  it("over stdio, streamable HTTP, SSE, auto (SSE fallback) and server-everything in one run", async () => {
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, {
        servers: [
          fixtureSpec("local", "stdio-server.mjs"),
          { name: "remote", transport: "http", url: http.url, headers: {}, options: TEST_SERVER_OPTIONS },
          { name: "legacy", transport: "sse", url: sse.url, headers: {}, options: TEST_SERVER_OPTIONS },
          { name: "guess", transport: "auto", url: sse.url, headers: {}, options: TEST_SERVER_OPTIONS },
          {
            name: "everything",
            transport: "stdio",
            command: process.execPath,
            args: [serverEverythingBin(), "stdio"],
            env: {},
            options: { ...TEST_SERVER_OPTIONS, includeTools: ["echo", "get-sum"] },
          },
        ],
      }),
    );
    try {
      expect(bridge.warnings).toEqual([]);
      expect(bridge.servers.map((server) => [server.name, server.transport, server.status])).toEqual([
        ["local", "stdio", "connected"],
        ["remote", "http", "connected"],
        ["legacy", "sse", "connected"],
        ["guess", "sse", "connected"],
        ["everything", "stdio", "connected"],
      ]);
      const run = await runFauxAgent(bridge.tools, [
        { name: "mcp__local__echo", arguments: { text: "from stdio" } },
        { name: "mcp__remote__echo", arguments: { text: "from http" } },
        { name: "mcp__legacy__echo", arguments: { text: "from sse" } },
        { name: "mcp__guess__echo", arguments: { text: "from auto" } },
        { name: "mcp__everything__echo", arguments: { message: "from everything" } },
      ]);
      const advertised = run.contexts[0]?.tools?.map((tool) => tool.name) ?? [];
      expect(advertised).toEqual(
        expect.arrayContaining([
          "mcp__local__echo",
          "mcp__remote__echo",
          "mcp__legacy__echo",
          "mcp__guess__echo",
          "mcp__everything__echo",
        ]),
      );
      expect(advertised.filter((name) => name.startsWith("mcp__everything__")).sort()).toEqual([
        "mcp__everything__echo",
        "mcp__everything__get-sum",
      ]);
      expect(run.toolResults.map((message) => [message.toolName, message.isError])).toEqual([
        ["mcp__local__echo", false],
        ["mcp__remote__echo", false],
        ["mcp__legacy__echo", false],
        ["mcp__guess__echo", false],
        ["mcp__everything__echo", false],
      ]);
      expect(run.toolResults.map(resultText)).toEqual([
        "from stdio",
        "http echo: from http",
        "sse echo: from sse",
        "sse echo: from auto",
        expect.stringContaining("from everything"),
      ]);
      expect(run.pendingSteps).toBe(0);
      expect(run.agent.state.errorMessage).toBeUndefined();
    } finally {
      await bridge.close();
    }
  });
});
