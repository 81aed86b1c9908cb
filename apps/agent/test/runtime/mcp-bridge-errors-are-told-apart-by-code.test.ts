import { describe, expect, it } from "vitest";
import { isMcpBridgeError } from "../../src/runtime/is-mcp-bridge-error.js";
import { MonoAgentRuntimeError } from "../../src/runtime/runtime-error.js";

describe("MCP bridge errors", () => {
  it("are the MonoAgentRuntimeErrors with a bridge code, from any copy of the package", () => {
    expect(isMcpBridgeError(new MonoAgentRuntimeError("spawn_failed", "x"))).toBe(true);
    expect(isMcpBridgeError(new MonoAgentRuntimeError("call_time_limit", "x"))).toBe(true);
    expect(isMcpBridgeError(new MonoAgentRuntimeError("path_outside_workspace", "x"))).toBe(false);
    expect(isMcpBridgeError(new MonoAgentRuntimeError("conversation_busy", "x"))).toBe(false);
    expect(isMcpBridgeError(Object.assign(new Error("x"), { code: "call_failed" }))).toBe(false);
    const fromAnotherCopy = {
      [Symbol.for("@mono-agent/agent/MonoAgentRuntimeError")]: true,
      code: "tool_error",
      message: "x",
    };
    expect(isMcpBridgeError(fromAnotherCopy)).toBe(true);
  });
});
