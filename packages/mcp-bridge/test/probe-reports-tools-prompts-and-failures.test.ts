import { describe, expect, it } from "vitest";
import { probeMcpServer } from "../src/probe-mcp-server.js";
import {
  bridgeOptions,
  serverEverythingBin,
  TEST_SERVER_OPTIONS,
  useTempDir,
} from "./fixtures/bridge-test-kit.js";
import { inMemoryLauncher, inMemorySpec } from "./fixtures/in-memory-launcher.js";

describe("probeMcpServer connects one server, reports it and closes it", () => {
  const outputDir = useTempDir();
  const options = () => {
    const { servers: _servers, ...rest } = bridgeOptions(outputDir.path, {});
    return rest;
  };

  it("a connected server: its transport, its tools as the model sees them, and no prompts", async () => {
    const probe = await probeMcpServer(inMemorySpec("fixture"), {
      ...options(),
      stdio: inMemoryLauncher(),
    });
    expect(probe).toMatchObject({ name: "fixture", transport: "stdio", status: "connected", prompts: [] });
    expect(probe.error).toBeUndefined();
    expect(probe.durationMs).toBeGreaterThanOrEqual(0);
    const echo = probe.tools.find((tool) => tool.name === "mcp__fixture__echo");
    expect(echo).toMatchObject({ description: "Returns its text." });
    expect(echo?.parameters).toMatchObject({ type: "object", properties: { text: { type: "string" } } });
  });

  it("a server that cannot start is a failure with its code, never a throw", async () => {
    const probe = await probeMcpServer(
      {
        name: "missing",
        transport: "stdio",
        command: "mono-agent-no-such-command",
        args: [],
        env: {},
        options: TEST_SERVER_OPTIONS,
      },
      options(),
    );
    expect(probe).toMatchObject({
      name: "missing",
      transport: "stdio",
      status: "failed",
      errorCode: "spawn_failed",
      tools: [],
      prompts: [],
    });
    expect(probe.error).toContain("mono-agent-no-such-command");
  });

  it("a real server's prompts come with their arguments", async () => {
    const probe = await probeMcpServer(
      {
        name: "everything",
        transport: "stdio",
        command: process.execPath,
        args: [serverEverythingBin(), "stdio"],
        env: {},
        options: TEST_SERVER_OPTIONS,
      },
      options(),
    );
    expect(probe.status).toBe("connected");
    expect(probe.tools.length).toBeGreaterThan(0);
    // The server's own hints reach the probe (what `mcp list` prints beside each tool).
    const annotated = probe.tools.filter((tool) => tool.annotations !== undefined);
    expect(annotated.length).toBeGreaterThan(0);
    for (const tool of annotated) expect(typeof tool.annotations).toBe("object");
    expect(probe.prompts.length).toBeGreaterThan(0);
    for (const prompt of probe.prompts) expect(Array.isArray(prompt.arguments)).toBe(true);
  });
});
