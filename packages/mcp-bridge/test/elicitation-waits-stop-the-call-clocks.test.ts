import type { ElicitResult } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { connectMcpServers } from "../src/connect-mcp-servers.js";
import type { McpElicitationPort } from "../src/mcp-elicitation-port.js";
import {
  bridgeError,
  bridgeOptions,
  contentText,
  fixtureSpec,
  toolNamed,
  useTempDir,
} from "./fixtures/bridge-test-kit.js";

/** Idle timeout of these calls, in ms: short, so "longer than the idle timeout" is a short wait. */
const IDLE_MS = 250;
/** Absolute cap of these calls, in ms. */
const TOTAL_MS = 600;

/** A port whose person answers when the test says so. */
function personAtTheKeyboard() {
  const asked: { answer(result: ElicitResult): void; at: number }[] = [];
  const port: McpElicitationPort = {
    modes: { form: true, url: false },
    elicit: () => new Promise((resolve) => asked.push({ answer: resolve, at: Date.now() })),
  };
  return { port, asked };
}

/** Yields to the event loop (no clock) until `condition` holds. */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe("a call whose server elicits waits for the person, not for its idle timeout", () => {
  const outputDir = useTempDir();

  it("a real stdio server elicits; the person answers after more than the idle timeout and the time limit; the call completes", async () => {
    const person = personAtTheKeyboard();
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, {
        servers: [fixtureSpec("people", "eliciting-server.mjs")],
        callTimeoutMs: IDLE_MS,
        callMaxTotalTimeoutMs: TOTAL_MS,
        elicitation: person.port,
      }),
    );
    try {
      const silent = await bridgeError(toolNamed(bridge, "mcp__people__silent").execute("c0", {}));
      expect(silent.code).toBe("call_timeout");
      const call = toolNamed(bridge, "mcp__people__register").execute("c1", {});
      await until(() => person.asked.length === 1);
      // The person takes longer than both clocks would allow a silent server: time itself is the condition.
      const asked = person.asked[0];
      await until(() => Date.now() - (asked?.at ?? 0) > TOTAL_MS + IDLE_MS);
      asked?.answer({ action: "accept", content: { name: "Ada" } });
      const result = await call;
      expect(contentText(result.content)).toBe('accept: {"name":"Ada"}');
    } finally {
      await bridge.close();
    }
  });

  it("once the answer is in, the idle timeout runs again: a server silent after the elicitation still times out", async () => {
    const person = personAtTheKeyboard();
    const bridge = await connectMcpServers(
      bridgeOptions(outputDir.path, {
        servers: [fixtureSpec("people", "eliciting-server.mjs")],
        callTimeoutMs: IDLE_MS,
        callMaxTotalTimeoutMs: 60_000,
        elicitation: person.port,
      }),
    );
    try {
      const call = toolNamed(bridge, "mcp__people__register").execute("c1", {});
      const silent = bridgeError(toolNamed(bridge, "mcp__people__silent").execute("c2", {}));
      await until(() => person.asked.length === 1);
      // While the person is asked, every call to that server waits (the client cannot tell whose ask it is).
      const asked = person.asked[0];
      await until(() => Date.now() - (asked?.at ?? 0) > 2 * IDLE_MS);
      asked?.answer({ action: "decline" });
      const silentError = await silent;
      expect(silentError.code).toBe("call_timeout");
      expect(silentError.message).toContain(`${IDLE_MS} ms`);
      expect(contentText((await call).content)).toBe("decline: {}");
    } finally {
      await bridge.close();
    }
  });
});
