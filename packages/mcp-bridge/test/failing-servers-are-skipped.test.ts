import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { connectMcpServers } from "../src/connect-mcp-servers.js";
import {
  bridgeOptions,
  fixtureSpec,
  resultText,
  runFauxAgent,
  TEST_SERVER_OPTIONS,
  useTempDir,
} from "./fixtures/bridge-test-kit.js";

/** A loopback port that nothing listens on (bound, then released). */
async function refusedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

describe("a server that fails to connect is skipped with a warning; the run goes on", () => {
  const outputDir = useTempDir();

  it("bad command, refused port, early exit and connect timeout are warned about; the good server is offered", async () => {
    const port = await refusedPort();
    const seen: string[] = [];
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, {
        onWarning: (warning) => seen.push(warning.serverName),
        servers: [
          {
            name: "missing",
            transport: "stdio",
            command: "mono-agent-no-such-command",
            args: [],
            env: {},
            options: TEST_SERVER_OPTIONS,
          },
          {
            name: "refused",
            transport: "http",
            url: `http://127.0.0.1:${port}/mcp`,
            headers: {},
            options: TEST_SERVER_OPTIONS,
          },
          {
            name: "refused-auto",
            transport: "auto",
            url: `http://127.0.0.1:${port}/mcp`,
            headers: {},
            options: TEST_SERVER_OPTIONS,
          },
          {
            name: "exits",
            transport: "stdio",
            command: "sh",
            args: ["-c", "echo 'config file not found' >&2; exit 7"],
            env: {},
            options: TEST_SERVER_OPTIONS,
          },
          {
            name: "mute",
            transport: "stdio",
            command: "sh",
            args: ["-c", "sleep 30"],
            env: {},
            options: { connectTimeoutMs: 300 },
          },
          fixtureSpec("good", "stdio-server.mjs"),
        ],
      }),
    );
    try {
      const byName = new Map(bridge.warnings.map((warning) => [warning.serverName, warning]));
      expect([...byName.keys()].sort()).toEqual(["exits", "missing", "mute", "refused", "refused-auto"]);
      expect(seen.sort()).toEqual(["exits", "missing", "mute", "refused", "refused-auto"]);
      for (const warning of bridge.warnings) {
        expect(warning.kind).toBe("mcp_server_unavailable");
        expect(warning.message).toContain(`"${warning.serverName}"`);
      }
      expect(byName.get("missing")).toMatchObject({ code: "spawn_failed" });
      expect(byName.get("missing")?.message).toContain("ENOENT");
      expect(byName.get("refused")).toMatchObject({ code: "connect_failed" });
      expect(byName.get("refused")?.message).toContain("ECONNREFUSED");
      expect(byName.get("refused-auto")?.message).toContain("then SSE failed");
      expect(byName.get("exits")?.message).toContain("config file not found");
      expect(byName.get("exits")?.message).toContain("exit code 7");
      expect(byName.get("mute")).toMatchObject({ code: "connect_timeout" });
      expect(byName.get("mute")?.message).toContain("300 ms");
      expect(
        bridge.servers.filter((server) => server.status === "connected").map((server) => server.name),
      ).toEqual(["good"]);
      expect(bridge.servers.find((server) => server.name === "missing")).toMatchObject({
        status: "failed",
        errorCode: "spawn_failed",
        toolNames: [],
      });

      const run = await runFauxAgent(bridge.tools, [
        { name: "mcp__good__echo", arguments: { text: "the run goes on" } },
      ]);
      expect(run.contexts[0]?.tools?.every((tool) => tool.name.startsWith("mcp__good__"))).toBe(true);
      expect(resultText(run.toolResults[0])).toBe("the run goes on");
    } finally {
      await bridge.close();
    }
  });

  it("a start-up failure with a long stack keeps its first error line and its last words", async () => {
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, {
        servers: [
          {
            name: "no-module",
            transport: "stdio",
            command: process.execPath,
            args: ["/nonexistent/mono-agent-missing-server.js"],
            env: {},
            options: TEST_SERVER_OPTIONS,
          },
          {
            name: "long-stack",
            transport: "stdio",
            command: "sh",
            args: [
              "-c",
              "echo 'Error: the database URL is not set' >&2; for i in $(seq 1 400); do echo \"    at frame $i (/srv/app/lib/module-$i.js:1:1)\" >&2; done; echo 'last words' >&2; exit 3",
            ],
            env: {},
            options: TEST_SERVER_OPTIONS,
          },
        ],
      }),
    );
    try {
      const byName = new Map(bridge.warnings.map((warning) => [warning.serverName, warning.message]));
      expect(byName.get("no-module")).toContain("Cannot find module");
      expect(byName.get("no-module")).toContain("exit code 1");
      const longStack = byName.get("long-stack") ?? "";
      expect(longStack).toContain("Error: the database URL is not set");
      expect(longStack).toContain("last words");
      expect(longStack).toContain("…");
      expect(longStack.length).toBeLessThan(1_000);
    } finally {
      await bridge.close();
    }
  });

  it("an already aborted run connects nothing", async () => {
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, {
        servers: [fixtureSpec("srv", "stdio-server.mjs")],
        signal: AbortSignal.abort(),
      }),
    );
    expect(bridge.warnings).toMatchObject([
      { kind: "mcp_server_unavailable", serverName: "srv", code: "connect_aborted" },
    ]);
    expect(bridge.tools).toEqual([]);
    await bridge.close();
    await bridge.close();
  });

  it("a host that passes no stdio launcher gets spawn_failed naming the fix; nothing is started", async () => {
    const { stdio: _launcher, ...withoutLauncher } = bridgeOptions(outputDir.path, {
      servers: [fixtureSpec("local", "stdio-server.mjs")],
    });
    const bridge = await connectMcpServers(withoutLauncher);
    expect(bridge.warnings).toMatchObject([
      { kind: "mcp_server_unavailable", serverName: "local", code: "spawn_failed" },
    ]);
    expect(bridge.warnings[0]?.message).toContain("createStdioLauncher");
    expect(bridge.warnings[0]?.message).toContain("@mono-agent/mcp-bridge/stdio");
    expect(bridge.servers[0]).toMatchObject({ status: "failed", transport: "stdio", toolNames: [] });
    await bridge.close();
  });
});
