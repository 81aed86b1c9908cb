// A prelaunching stdio launcher over the real one: a server started early is taken over by the run's
// launch of the same process (started once), a changed spec starts afresh, closeUnused ends the rest,
// and a child gone before the client came fails the connect exactly as without the early start.
import { waitFor } from "@mono-agent/test-utils";
import { describe, expect, it } from "vitest";
import { connectMcpServers } from "../src/connect-mcp-servers.js";
import { createPrelaunchingStdioLauncher } from "../src/prelaunching-stdio-launcher.js";
import type { RunStdioServerSpec } from "../src/run-server-spec.js";
import type { LaunchedStdioServer, StdioLauncher } from "../src/stdio-launcher.js";
import {
  bridgeOptions,
  fixtureSpec,
  TEST_SERVER_OPTIONS,
  testLauncher,
  toolNamed,
  useTempDir,
} from "./fixtures/bridge-test-kit.js";

/** The test launcher, keeping every server it started. */
function recordingLauncher(): StdioLauncher & { launched: LaunchedStdioServer[] } {
  const base = testLauncher();
  const launched: LaunchedStdioServer[] = [];
  return {
    closeBoundMs: base.closeBoundMs,
    launched,
    launch(spec, onStderr) {
      const server = base.launch(spec, onStderr);
      launched.push(server);
      return server;
    },
  };
}

const gone = (server: LaunchedStdioServer | undefined) =>
  server !== undefined && server.describeExit() !== "";

describe("a prelaunching stdio launcher", () => {
  const outputDir = useTempDir();

  it("hands the early process to the run's launch of the same spec, which calls its tools", async () => {
    const base = recordingLauncher();
    const stdio = createPrelaunchingStdioLauncher(base);
    stdio.prelaunch(fixtureSpec("tiny", "tiny-stdio-server.mjs"));
    expect(stdio.waiting()).toEqual(["tiny"]);
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, { stdio, servers: [fixtureSpec("tiny", "tiny-stdio-server.mjs")] }),
    );
    try {
      expect(bridge.warnings).toEqual([]);
      const result = await toolNamed(bridge, "mcp__tiny__echo").execute("call-1", { text: "hello" });
      expect(result.content).toEqual([{ type: "text", text: "hello" }]);
      expect(base.launched).toHaveLength(1);
      expect(stdio.waiting()).toEqual([]);
    } finally {
      await bridge.close();
    }
    expect(gone(base.launched[0])).toBe(true);
  });

  it("ends the early process and starts afresh when the run's spec differs", async () => {
    const base = recordingLauncher();
    const stdio = createPrelaunchingStdioLauncher(base);
    stdio.prelaunch(fixtureSpec("tiny", "tiny-stdio-server.mjs"));
    const changed = fixtureSpec("tiny", "tiny-stdio-server.mjs", [], { env: { PER_RUN: "1" } });
    const bridge = await connectMcpServers(bridgeOptions(outputDir.path, { stdio, servers: [changed] }));
    try {
      expect(bridge.warnings).toEqual([]);
      expect(base.launched).toHaveLength(2);
      await waitFor(() => gone(base.launched[0]), { what: "the early process to end" });
    } finally {
      await bridge.close();
    }
  });

  it("closeUnused ends every early process no run took", async () => {
    const base = recordingLauncher();
    const stdio = createPrelaunchingStdioLauncher(base);
    stdio.prelaunch(fixtureSpec("one", "tiny-stdio-server.mjs"));
    stdio.prelaunch(fixtureSpec("two", "tiny-stdio-server.mjs"));
    expect(stdio.waiting().sort()).toEqual(["one", "two"]);
    await stdio.closeUnused();
    expect(stdio.waiting()).toEqual([]);
    expect(base.launched.map(gone)).toEqual([true, true]);
  });

  it("a child that exited before the run came gives the warning it gives without the early start", async () => {
    const exits: RunStdioServerSpec = {
      name: "exits",
      transport: "stdio",
      command: "sh",
      args: ["-c", "echo 'config file not found' >&2; exit 7"],
      env: {},
      options: TEST_SERVER_OPTIONS,
    };
    const warningOf = async (stdio: StdioLauncher) => {
      const bridge = await connectMcpServers(bridgeOptions(outputDir.path, { stdio, servers: [exits] }));
      await bridge.close();
      return bridge.warnings;
    };
    const late = await warningOf(testLauncher());

    const base = recordingLauncher();
    const stdio = createPrelaunchingStdioLauncher(base);
    stdio.prelaunch(exits);
    await waitFor(() => gone(base.launched[0]), { what: "the early child to exit" });
    const early = await warningOf(stdio);
    expect(late).toHaveLength(1);
    expect(late[0]?.message).toContain("config file not found");
    expect(early).toEqual(late);
  });
});
