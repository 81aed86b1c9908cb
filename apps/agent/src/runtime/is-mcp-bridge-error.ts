import { MonoAgentRuntimeError, type MonoAgentRuntimeErrorCode } from "./runtime-error.js";

/** The codes of {@link MonoAgentRuntimeError} that the MCP bridge throws; each is documented on the union. */
const MCP_BRIDGE_ERROR_CODES = [
  "spawn_failed",
  "connect_failed",
  "connect_timeout",
  "connect_aborted",
  "tool_error",
  "call_timeout",
  "call_time_limit",
  "call_cancelled",
  "server_disconnected",
  "call_failed",
] as const satisfies readonly MonoAgentRuntimeErrorCode[];

/** A code of the MCP bridge: a failure to connect to an MCP server or of a call of one of its tools. */
export type McpBridgeErrorCode = (typeof MCP_BRIDGE_ERROR_CODES)[number];

/** True for a {@link MonoAgentRuntimeError} (from any copy of this package) with an MCP bridge code. */
export function isMcpBridgeError(value: unknown): value is MonoAgentRuntimeError<McpBridgeErrorCode> {
  return (
    MonoAgentRuntimeError.isInstance(value) &&
    (MCP_BRIDGE_ERROR_CODES as readonly MonoAgentRuntimeErrorCode[]).includes(value.code)
  );
}
