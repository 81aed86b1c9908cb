import type { McpProtocolChoice } from "./mcp-era-memory.js";
import type { RunOAuthSettings } from "./run-oauth.js";

/**
 * Per-server options after config merging: timeouts and tool filters.
 * Structurally compatible with the options of `ResolvedMcpServer` from `@mono-agent/config`.
 */
export interface RunServerOptions {
  /** Idle timeout of one tool call on this server, in ms; overrides the run's `callTimeoutMs`. */
  timeoutMs?: number;
  /**
   * Hard cap of one tool call on this server, in ms; overrides the run's `callMaxTotalTimeoutMs`. The host
   * uses it for calls that wait on a person (AskUser with no expiry gets the longest timer, 2147483647).
   */
  maxTotalTimeoutMs?: number;
  /** Bound on spawning/opening, initialising and listing the tools of this server, in ms. */
  connectTimeoutMs: number;
  /** Globs (`*`, `?`) on original tool names; when present, only matching tools are offered. */
  includeTools?: string[];
  /** Globs (`*`, `?`) on original tool names; matching tools are never offered. Wins over includeTools. */
  excludeTools?: string[];
  /**
   * The protocol revision to speak (mcp.json `protocolVersion`): `auto` (default) probes with
   * `server/discover` and falls back to `initialize`; `2025-11-25` never probes; `2026-07-28` never falls back.
   */
  protocolVersion?: McpProtocolChoice;
}

/** A stdio server: spawned once per run in its own process group. */
export interface RunStdioServerSpec {
  name: string;
  transport: "stdio";
  command: string;
  args: string[];
  /** The server's own env (config + trusted overlays), values already resolved. Never the host env. */
  env: Record<string, string>;
  cwd?: string;
  options: RunServerOptions;
}

/** A remote server: streamable HTTP, legacy SSE, or `auto` (streamable HTTP first, SSE fallback). */
export interface RunRemoteServerSpec {
  name: string;
  transport: "http" | "sse" | "auto";
  url: string;
  /** Literal header values sent with every request (and with the SSE GET). */
  headers: Record<string, string>;
  /**
   * OAuth settings; `false` never authorizes. Absent: a 401 is answered the spec's way (discovery,
   * registration, PKCE) when the host gives the bridge an `auth` store. A server with an
   * `Authorization` header is never sent through OAuth.
   */
  oauth?: RunOAuthSettings | false;
  options: RunServerOptions;
}

/**
 * One MCP server as the run will connect it: merged, overlaid and env-resolved by the host.
 * Mirrors `ResolvedMcpServer` from `@mono-agent/config`.
 */
export type RunServerSpec = RunStdioServerSpec | RunRemoteServerSpec;
