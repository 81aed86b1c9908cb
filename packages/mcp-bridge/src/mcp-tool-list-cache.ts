import type { Tool as McpTool } from "@modelcontextprotocol/client";
import type { RunServerSpec } from "./run-server-spec.js";

/**
 * Tool lists of servers as last seen, keyed by the server's spec (a changed command, URL, env or header
 * is another server). With it, a server still connecting when the model is first called is offered with
 * its known tools at once, and a call of one waits for the connection.
 */
export interface McpToolListCache {
  read(spec: RunServerSpec): McpTool[] | undefined;
  write(spec: RunServerSpec, tools: readonly McpTool[]): void;
}
