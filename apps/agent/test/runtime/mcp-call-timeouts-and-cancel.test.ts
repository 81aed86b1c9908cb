import { getEventListeners } from "node:events";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AgentTool } from "@mariozechner/pi-agent-core";
import { type McpBridgeErrorCode, isMcpBridgeError } from "../../src/runtime/is-mcp-bridge-error.js";
import { type ConnectedMcpServers, connectMcpServers } from "../../src/runtime/mcp-connect-servers.js";
import type { MonoAgentRuntimeError } from "../../src/runtime/runtime-error.js";
import {
  bridgeOptions,
  fixtureSpec,
  makeTempDir,
  resultText,
  runFauxAgent,
} from "../fixtures/mcp/bridge-test-kit.js";

function toolNamed(bridge: ConnectedMcpServers, name: string): AgentTool {
  const tool = bridge.tools.find((candidate) => candidate.name === name);
  if (!tool)
    throw new Error(`no tool ${name} in ${bridge.tools.map((candidate) => candidate.name).join(", ")}`);
  return tool;
}

async function bridgeError(promise: Promise<unknown>): Promise<MonoAgentRuntimeError<McpBridgeErrorCode>> {
  try {
    await promise;
  } catch (error) {
    if (isMcpBridgeError(error)) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

describe("call failures become error results; timeouts, progress and cancel", () => {
  let outputDir: Awaited<ReturnType<typeof makeTempDir>>;
  beforeAll(async () => {
    outputDir = await makeTempDir();
  });
  afterAll(async () => {
    await outputDir.remove();
  });

  it("a server that crashes mid-call gives the model an error result and the run ends normally", async () => {
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

  it("an isError result reaches the model as an error result with the server's text", async () => {
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, { servers: [fixtureSpec("srv", "stdio-server.mjs")] }),
    );
    try {
      const run = await runFauxAgent(bridge.tools, [{ name: "mcp__srv__fail", arguments: {} }]);
      expect(run.toolResults[0]).toMatchObject({ isError: true });
      expect(resultText(run.toolResults[0])).toBe("failing on purpose");
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
        (update) => {
          updates.push(
            resultText({
              role: "toolResult",
              toolCallId: "",
              toolName: "",
              content: update.content,
              isError: false,
              timestamp: 0,
            }),
          );
        },
      );
      expect(
        resultText({
          role: "toolResult",
          toolCallId: "",
          toolName: "",
          content: kept.content,
          isError: false,
          timestamp: 0,
        }),
      ).toBe("slept 1500 ms");
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

  it("progress reaches pi as tool_execution_update events and the onProgress callback", async () => {
    const progress: string[] = [];
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, {
        servers: [fixtureSpec("srv", "stdio-server.mjs")],
        onProgress: (event) => progress.push(`${event.name}:${event.toolCallId}:${event.progress}`),
      }),
    );
    try {
      const run = await runFauxAgentWithEvents(bridge.tools);
      expect(run.updates).toBeGreaterThanOrEqual(2);
      expect(progress.slice(0, 2)).toEqual(["mcp__srv__sleep:call-0:1", "mcp__srv__sleep:call-0:2"]);
    } finally {
      await bridge.close();
    }
  });

  it("aborting the run cancels the in-flight call, with no stale cancels and no listener build-up", async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, { servers: [fixtureSpec("srv", "stdio-server.mjs")] }),
    );
    try {
      const run = new AbortController();
      const echo = toolNamed(bridge, "mcp__srv__echo");
      for (let index = 0; index < 25; index += 1) await echo.execute(`e${index}`, { text: "hi" }, run.signal);
      expect(getEventListeners(run.signal, "abort")).toHaveLength(0);
      const pending = toolNamed(bridge, "mcp__srv__sleep").execute("long", { ms: 10_000 }, run.signal);
      setTimeout(() => run.abort(), 200);
      const cancelled = await bridgeError(pending);
      expect(cancelled.code).toBe("call_cancelled");
      expect(getEventListeners(run.signal, "abort")).toHaveLength(0);
      const refused = await bridgeError(echo.execute("late", { text: "hi" }, run.signal));
      expect(refused.code).toBe("call_cancelled");
      const count = await toolNamed(bridge, "mcp__srv__cancel-count").execute("count", {});
      expect(
        resultText({
          role: "toolResult",
          toolCallId: "",
          toolName: "",
          content: count.content,
          isError: false,
          timestamp: 0,
        }),
      ).toBe("1");
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((warning) => warning.name === "MaxListenersExceededWarning")).toEqual([]);
    } finally {
      process.off("warning", onWarning);
      await bridge.close();
    }
  });
});

async function runFauxAgentWithEvents(tools: AgentTool[]): Promise<{ updates: number }> {
  const { Agent } = await import("@mariozechner/pi-agent-core");
  const { registerFauxProvider, fauxAssistantMessage, fauxToolCall } = await import("@mariozechner/pi-ai");
  const faux = registerFauxProvider();
  faux.setResponses([
    fauxAssistantMessage(
      [fauxToolCall("mcp__srv__sleep", { ms: 350, progressEveryMs: 100 }, { id: "call-0" })],
      { stopReason: "toolUse" },
    ),
    fauxAssistantMessage("done"),
  ]);
  try {
    const agent = new Agent({
      initialState: { systemPrompt: "t", model: faux.getModel(), tools, messages: [] },
    });
    let updates = 0;
    agent.subscribe((event) => {
      if (event.type === "tool_execution_update") updates += 1;
    });
    await agent.prompt("go");
    return { updates };
  } finally {
    faux.unregister();
  }
}
