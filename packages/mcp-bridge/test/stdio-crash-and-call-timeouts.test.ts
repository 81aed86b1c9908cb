import { describe, expect, it } from "vitest";
import { connectMcpServers } from "../src/connect-mcp-servers.js";
import {
  bridgeError,
  bridgeOptions,
  contentText,
  fixtureSpec,
  resultText,
  runFauxAgent,
  toolNamed,
  useTempDir,
} from "./fixtures/bridge-test-kit.js";

describe("a real stdio child: crash mid-call, idle timeout, progress and the absolute cap", () => {
  const outputDir = useTempDir();

  it("a server that crashes mid-call gives the model an error result naming its stderr; the run ends normally", async () => {
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, {
        servers: [fixtureSpec("fragile", "stdio-server.mjs"), fixtureSpec("steady", "stdio-server.mjs")],
      }),
    );
    try {
      const run = await runFauxAgent(bridge.tools, [
        { name: "mcp__fragile__crash", arguments: {} },
        { name: "mcp__steady__echo", arguments: { text: "still here" } },
      ]);
      const [crashed, steady] = run.toolResults;
      expect(crashed?.isError).toBe(true);
      expect(resultText(crashed)).toContain('MCP server "fragile" closed the connection');
      expect(resultText(crashed)).toContain("exit code 3");
      expect(resultText(crashed)).toContain("crashing on purpose");
      expect(steady?.isError).toBe(false);
      expect(resultText(steady)).toBe("still here");
      expect(run.agent.state.errorMessage).toBeUndefined();
      expect(run.agent.state.messages.at(-1)).toMatchObject({ role: "assistant", stopReason: "stop" });
      expect(bridge.servers[0]?.stderrTail).toContain("crashing on purpose");
      const again = await bridgeError(
        toolNamed(bridge, "mcp__fragile__echo").execute("after", { text: "x" }),
      );
      expect(again.code).toBe("server_disconnected");
    } finally {
      await bridge.close();
    }
  });

  it("a silent server hits the idle timeout; progress keeps a long call alive; the absolute cap still ends it", async () => {
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, {
        servers: [
          fixtureSpec("srv", "stdio-server.mjs", [], {
            options: { connectTimeoutMs: 15_000, timeoutMs: 600 },
          }),
        ],
        callMaxTotalTimeoutMs: 3_000,
      }),
    );
    try {
      const silent = await bridgeError(toolNamed(bridge, "mcp__srv__silent").execute("c1", {}));
      expect(silent.code).toBe("call_timeout");
      expect(silent.message).toContain("600 ms");

      const updates: string[] = [];
      const kept = await toolNamed(bridge, "mcp__srv__sleep").execute(
        "c2",
        { ms: 1_500, progressEveryMs: 100 },
        undefined,
        (update) => updates.push(contentText(update.content)),
      );
      expect(contentText(kept.content)).toBe("slept 1500 ms");
      expect(updates.length).toBeGreaterThanOrEqual(3);
      expect(updates[0]).toBe("progress 1: tick 1");

      const capped = await bridgeError(
        toolNamed(bridge, "mcp__srv__sleep").execute("c3", { ms: 10_000, progressEveryMs: 100 }),
      );
      expect(capped.code).toBe("call_time_limit");
      expect(capped.message).toContain("3000 ms");

      const noProgress = await bridgeError(toolNamed(bridge, "mcp__srv__sleep").execute("c4", { ms: 1_500 }));
      expect(noProgress.code).toBe("call_timeout");
    } finally {
      await bridge.close();
    }
  });
});
