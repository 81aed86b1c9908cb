import { getEventListeners } from "node:events";
import { Agent, type AgentTool } from "@earendil-works/pi-agent-core";
import { type FauxResponseStep, fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { createFauxModel } from "@mono-agent/test-utils/faux";
import { describe, expect, it } from "vitest";
import { connectMcpServers } from "../src/connect-mcp-servers.js";
import {
  bridgeError,
  bridgeOptions,
  contentText,
  resultText,
  runFauxAgent,
  toolNamed,
  useTempDir,
} from "./fixtures/bridge-test-kit.js";
import { inMemoryLauncher, inMemorySpec } from "./fixtures/in-memory-launcher.js";

/** Tool calls made in one run before the abort: past Node's default of 10 listeners per signal. */
const CALLS_IN_ONE_RUN = 30;

/** Runs `steps` through a pi Agent with the faux model and `tools`; `during` may act on the agent. */
async function runAgent(
  tools: AgentTool[],
  steps: FauxResponseStep[],
  during?: (agent: Agent) => void,
): Promise<{ agent: Agent; updates: number }> {
  const faux = createFauxModel();
  faux.setResponses(steps);
  const agent = new Agent({
    initialState: { systemPrompt: "t", model: faux.getModel(), tools, messages: [] },
    getApiKey: () => "faux-key",
    streamFn: faux.streamFn,
  });
  let updates = 0;
  agent.subscribe((event) => {
    if (event.type === "tool_execution_update") updates += 1;
  });
  during?.(agent);
  await agent.prompt("go");
  return { agent, updates };
}

describe("calls over the in-memory transport: error results, progress, cancel", () => {
  const outputDir = useTempDir();

  it("an isError result reaches the model as an error result with the server's text", async () => {
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, { stdio: inMemoryLauncher(), servers: [inMemorySpec("srv")] }),
    );
    try {
      const run = await runFauxAgent(bridge.tools, [{ name: "mcp__srv__fail", arguments: {} }]);
      expect(run.toolResults[0]).toMatchObject({ isError: true });
      expect(resultText(run.toolResults[0])).toBe("failing on purpose");
      const thrown = await bridgeError(toolNamed(bridge, "mcp__srv__fail").execute("direct", {}));
      expect(thrown).toMatchObject({
        name: "McpBridgeError",
        code: "tool_error",
        message: "failing on purpose",
      });
    } finally {
      await bridge.close();
    }
  });

  it("progress reaches pi as tool_execution_update events and the onProgress callback", async () => {
    const progress: string[] = [];
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, {
        stdio: inMemoryLauncher(),
        servers: [inMemorySpec("srv")],
        onProgress: (event) => progress.push(`${event.name}:${event.toolCallId}:${event.progress}`),
      }),
    );
    try {
      const run = await runAgent(bridge.tools, [
        fauxAssistantMessage(
          [fauxToolCall("mcp__srv__sleep", { ms: 400, progressEveryMs: 40 }, { id: "call-0" })],
          { stopReason: "toolUse" },
        ),
        fauxAssistantMessage("done"),
      ]);
      expect(run.updates).toBeGreaterThanOrEqual(2);
      expect(progress.slice(0, 2)).toEqual(["mcp__srv__sleep:call-0:1", "mcp__srv__sleep:call-0:2"]);
    } finally {
      await bridge.close();
    }
  });

  it(`${CALLS_IN_ONE_RUN} calls in one run leave no listener and no warning; the abort then sends exactly one cancel`, async () => {
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on("warning", onWarning);
    const runSignal = new AbortController();
    let abortRun: (() => void) | undefined;
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, {
        stdio: inMemoryLauncher(),
        servers: [inMemorySpec("srv")],
        signal: runSignal.signal,
        onProgress: () => abortRun?.(),
      }),
    );
    try {
      const steps: FauxResponseStep[] = Array.from({ length: CALLS_IN_ONE_RUN }, (_, index) =>
        fauxAssistantMessage(
          [fauxToolCall("mcp__srv__echo", { text: `call ${index}` }, { id: `e${index}` })],
          {
            stopReason: "toolUse",
          },
        ),
      );
      steps.push(
        fauxAssistantMessage(
          [fauxToolCall("mcp__srv__sleep", { ms: 10_000, progressEveryMs: 20 }, { id: "long" })],
          { stopReason: "toolUse" },
        ),
        fauxAssistantMessage("after the abort"),
      );
      const run = await runAgent(bridge.tools, steps, (agent) => {
        abortRun = () => agent.abort();
      });
      const results = run.agent.state.messages.filter((message) => message.role === "toolResult");
      expect(results).toHaveLength(CALLS_IN_ONE_RUN + 1);
      expect(results.slice(0, CALLS_IN_ONE_RUN).every((message) => !message.isError)).toBe(true);
      expect(results.at(-1)).toMatchObject({ isError: true });
      expect(contentText(results.at(-1)?.content ?? [])).toContain("was cancelled");
      expect(getEventListeners(runSignal.signal, "abort")).toHaveLength(0);

      const count = await toolNamed(bridge, "mcp__srv__cancel-count").execute("count", {});
      expect(contentText(count.content)).toBe("1");
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((warning) => warning.name === "MaxListenersExceededWarning")).toEqual([]);
    } finally {
      process.off("warning", onWarning);
      await bridge.close();
    }
  });

  it("aborting the run's signal cancels the call in flight and refuses later calls at once", async () => {
    const runSignal = new AbortController();
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, {
        stdio: inMemoryLauncher(),
        servers: [inMemorySpec("srv")],
        signal: runSignal.signal,
        onProgress: () => runSignal.abort(),
      }),
    );
    try {
      const sleep = toolNamed(bridge, "mcp__srv__sleep");
      const cancelled = await bridgeError(sleep.execute("long", { ms: 10_000, progressEveryMs: 20 }));
      expect(cancelled.code).toBe("call_cancelled");
      const refused = await bridgeError(toolNamed(bridge, "mcp__srv__echo").execute("late", { text: "hi" }));
      expect(refused.code).toBe("call_cancelled");
      expect(getEventListeners(runSignal.signal, "abort")).toHaveLength(0);
    } finally {
      await bridge.close();
    }
  });
});
