import type { Transport } from "@modelcontextprotocol/client";
import type { RunStdioServerSpec } from "./run-server-spec.js";

/** A stdio server as its launcher started it: the MCP transport and what the bridge reports about the process. */
export interface LaunchedStdioServer {
  /** The MCP transport over the child's stdin/stdout; the client's `connect()` starts it. */
  transport: Transport;
  /** The last stderr of the child (bounded), "" when there is none. */
  stderrTail: () => string;
  /** Why the process is gone, as a message suffix (` (exit code 1; stderr: "...")`), or "". */
  describeExit: () => string;
  /** Ends the process (with its whole process group); bounded, idempotent. */
  close: () => Promise<void>;
}

/**
 * Starts stdio servers for the bridge. The root entry has none, so it loads without `node:child_process`;
 * `createStdioLauncher()` from `@mono-agent/mcp-bridge/stdio` is the one for Node hosts.
 */
export interface StdioLauncher {
  /** Starts the server's process; `onStderr` receives its stderr as it arrives. */
  launch: (spec: RunStdioServerSpec, onStderr?: (text: string) => void) => LaunchedStdioServer;
  /** The longest `close()` of a launched server may take, in ms; it bounds the bridge's `close()`. */
  closeBoundMs: number;
}
