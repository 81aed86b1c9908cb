import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectMcpServers } from "../src/connect-mcp-servers.js";
import type { McpElicitationPort } from "../src/mcp-elicitation-port.js";
import { createMemoryMcpEraMemory } from "../src/mcp-era-memory.js";
import type { RunRemoteServerSpec } from "../src/run-server-spec.js";
import { startMcpServers } from "../src/start-mcp-servers.js";
import {
  bridgeOptions,
  contentText,
  fixtureSpec,
  TEST_SERVER_OPTIONS,
  toolNamed,
  useTempDir,
} from "./fixtures/bridge-test-kit.js";
// @ts-expect-error plain .mjs fixture without types
import { startHttpFixture } from "./fixtures/http-server.mjs";
import { type ModernHttpServer, startModernHttpServer } from "./fixtures/modern-http-server.mjs";

type ModernServer = ModernHttpServer;
type LegacyHttpServer = { url: string; close(): Promise<void> };

function remote(
  name: string,
  url: string,
  protocolVersion?: "auto" | "2025-11-25" | "2026-07-28",
): RunRemoteServerSpec {
  return {
    name,
    transport: "http",
    url,
    headers: {},
    options: { ...TEST_SERVER_OPTIONS, ...(protocolVersion ? { protocolVersion } : {}) },
  };
}

describe("each server is spoken to in the protocol era it speaks", () => {
  const outputDir = useTempDir();
  let modern: ModernServer;
  let legacyHttp: LegacyHttpServer;
  beforeAll(async () => {
    modern = await startModernHttpServer();
    legacyHttp = await startHttpFixture();
  });
  afterAll(async () => {
    await modern.close();
    await legacyHttp.close();
  });

  it("auto: a 2026-07-28-only server and 2025-11-25 servers (stdio and HTTP) in one run, each tool called", async () => {
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, {
        servers: [
          remote("modern", modern.url),
          fixtureSpec("local", "stdio-server.mjs"),
          remote("older", legacyHttp.url),
        ],
        eraMemory: createMemoryMcpEraMemory(),
      }),
    );
    try {
      expect(bridge.warnings).toEqual([]);
      expect(Object.fromEntries(bridge.servers.map((server) => [server.name, server.protocolEra]))).toEqual({
        modern: "modern",
        local: "legacy",
        older: "legacy",
      });
      const modernEcho = await toolNamed(bridge, "mcp__modern__echo").execute("c1", { text: "a" });
      expect(contentText(modernEcho.content)).toBe("modern echo: a");
      const localEcho = await toolNamed(bridge, "mcp__local__echo").execute("c2", { text: "b" });
      expect(contentText(localEcho.content)).toBe("b");
      const olderEcho = await toolNamed(bridge, "mcp__older__echo").execute("c3", { text: "c" });
      expect(contentText(olderEcho.content)).toBe("http echo: c");
      expect(modern.methods).not.toContain("initialize");
    } finally {
      await bridge.close();
    }
  });

  it("the era is remembered: the next run connects without probing again", async () => {
    const eraMemory = createMemoryMcpEraMemory();
    for (let run = 0; run < 2; run += 1) {
      const probesBefore = modern.methods.filter((method) => method === "server/discover").length;
      const bridge = await connectMcpServers(
        bridgeOptions(outputDir.path, { servers: [remote("modern", modern.url)], eraMemory }),
      );
      await bridge.close();
      expect(bridge.servers[0]?.protocolEra).toBe("modern");
      const probes = modern.methods.filter((method) => method === "server/discover").length - probesBefore;
      expect(probes).toBe(run === 0 ? 1 : 0);
    }
  });

  it("a pin never falls back: 2026-07-28 against a 2025 server and 2025-11-25 against a 2026-only one fail, naming the server", async () => {
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, {
        servers: [remote("older", legacyHttp.url, "2026-07-28"), remote("modern", modern.url, "2025-11-25")],
      }),
    );
    await bridge.close();
    expect(bridge.servers.map((server) => [server.name, server.status, server.errorCode])).toEqual([
      ["older", "failed", "connect_failed"],
      ["modern", "failed", "connect_failed"],
    ]);
    const message = (name: string) => bridge.warnings.find((warning) => warning.serverName === name)?.message;
    expect(message("older")).toMatch(/^MCP server "older" \(http http:\/\/127\.0\.0\.1:\d+\/mcp\) failed/);
    expect(message("older")).toMatch(/2026-07-28/);
    expect(message("modern")).toMatch(/Unsupported protocol version: 2025-11-25/);
  });

  it("an MRTR elicitation (input_required) of a 2026-07-28 server reaches the run's elicitation port; the answer completes the call", async () => {
    const asked: unknown[] = [];
    const elicitation: McpElicitationPort = {
      modes: { form: true, url: false },
      elicit: async (request) => {
        asked.push(request);
        return { action: "accept", content: { name: "Ada", age: 41 } };
      },
    };
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, { servers: [remote("modern", modern.url)], elicitation }),
    );
    try {
      const result = await toolNamed(bridge, "mcp__modern__register").execute("c1", {});
      expect(contentText(result.content)).toBe('elicitation accept: {"name":"Ada","age":41}');
      expect(asked).toMatchObject([
        { serverName: "modern", params: { message: "Who should be registered?" } },
      ]);
    } finally {
      await bridge.close();
    }
  });

  it("without an elicitation port the server's question is refused, never hangs", async () => {
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, { servers: [remote("modern", modern.url)] }),
    );
    try {
      const outcome = await toolNamed(bridge, "mcp__modern__register")
        .execute("c1", {})
        .then(
          (result) => contentText(result.content),
          (error: Error) => error.message,
        );
      expect(outcome).not.toMatch(/accept/);
    } finally {
      await bridge.close();
    }
  });

  it("list changes reach the run through subscriptions/listen on a 2026-07-28 connection", async () => {
    const changes: string[] = [];
    const live = startMcpServers(
      bridgeOptions(outputDir.path, {
        servers: [remote("modern", modern.url)],
        onServerStatus: (event) => changes.push(`${event.status}:${event.toolCount}`),
      }),
    );
    try {
      await live.settled();
      expect(modern.methods).toContain("subscriptions/listen");
      modern.addTool("added");
      while (!changes.includes("tools_changed:3")) await new Promise((resolve) => setTimeout(resolve, 10));
      await live.refreshed();
      expect(live.tools().map((tool) => tool.name)).toContain("mcp__modern__added");
    } finally {
      await live.close();
    }
  });
});
