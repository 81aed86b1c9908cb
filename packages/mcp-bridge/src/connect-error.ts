import { SdkErrorCode } from "@modelcontextprotocol/client";
import { McpBridgeError } from "./mcp-bridge-error.js";
import type { RunServerSpec } from "./run-server-spec.js";

/** The bridge error a failed connect becomes: timeout, abort, spawn failure or a connect failure, with its reason. */
export function connectError(
  spec: RunServerSpec,
  error: unknown,
  stopReason: "timeout" | "aborted" | undefined,
  server: { describeDisconnect(): string } | undefined,
): McpBridgeError {
  const bridgeError = bridgeErrorIn(error);
  if (bridgeError) return bridgeError;
  const stderr = server?.describeDisconnect() ?? "";
  if (stopReason === "timeout") {
    return new McpBridgeError(
      "connect_timeout",
      `MCP server "${spec.name}" did not connect within ${spec.options.connectTimeoutMs} ms${stderr}.`,
      { cause: error },
    );
  }
  if (stopReason === "aborted") {
    return new McpBridgeError(
      "connect_aborted",
      `MCP server "${spec.name}" was not connected: the run was aborted.`,
      { cause: error },
    );
  }
  const syscall = (error as { syscall?: unknown } | undefined)?.syscall;
  if (spec.transport === "stdio" && typeof syscall === "string" && syscall.startsWith("spawn")) {
    return new McpBridgeError(
      "spawn_failed",
      `MCP server "${spec.name}" could not be started: ${errorText(error)} (command "${spec.command}"; check that it is installed and on PATH).`,
      { cause: error },
    );
  }
  const where = spec.transport === "stdio" ? `command "${spec.command}"` : `${spec.transport} ${spec.url}`;
  return new McpBridgeError(
    "connect_failed",
    `MCP server "${spec.name}" (${where}) failed to connect: ${errorText(error)}${stderr}.`,
    { cause: error },
  );
}

/** An `auth_*` error of the bridge, or an HTTP 401/403 from a transport (or the SDK's probe). */
export function isAuthRefusal(error: unknown): boolean {
  const bridgeError = bridgeErrorIn(error);
  if (bridgeError) return bridgeError.code === "auth_required" || bridgeError.code === "auth_failed";
  const code = (error as { code?: unknown } | undefined)?.code;
  return (
    code === 401 ||
    code === 403 ||
    code === SdkErrorCode.ClientHttpAuthentication ||
    code === SdkErrorCode.ClientHttpForbidden
  );
}

/** The bridge's own error (thrown by our OAuth fetch) inside what the SDK threw, if any. */
export function bridgeErrorIn(error: unknown): McpBridgeError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth += 1) {
    if (McpBridgeError.isInstance(current)) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** A connect failure in words: the message, the network reason under it, the HTTP status. */
export function errorText(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const status = (error as { code?: unknown }).code;
  const isHttpStatus = typeof status === "number" && status >= 100 && status < 600;
  // The network reason (ECONNREFUSED, ENOTFOUND) sits a few causes deep under the SDK's and fetch's errors.
  let causeCode: unknown;
  let cause: unknown = error.cause;
  for (let depth = 0; depth < 4 && cause && causeCode === undefined; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === "string") causeCode = code;
    cause = (cause as { cause?: unknown }).cause;
  }
  const message =
    typeof causeCode === "string" && !error.message.includes(causeCode)
      ? `${error.message} (${causeCode})`
      : error.message;
  return isHttpStatus && !message.includes(String(status)) ? `HTTP ${status}: ${message}` : message;
}
