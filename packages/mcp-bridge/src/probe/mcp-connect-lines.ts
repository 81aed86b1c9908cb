import type { CheckLine } from "@mono-agent/config";
import type { DeclaredServerProbe } from "./probe-declared-servers.js";

const PROTOCOL_REVISION = { legacy: "2025-11-25", modern: "2026-07-28" } as const;

/** What the client offers the servers that ask, said once under the servers (the same for every server). */
export const MCP_CLIENT_OFFERS_LINE: CheckLine = {
  status: "ok",
  message:
    "MCP client offers: elicitation through the conversation's channel, roots = the run's workspace; sampling declined (mono-agent does not lend the run's model to MCP servers).",
};

function serverLine(server: DeclaredServerProbe): CheckLine {
  const where = { file: server.file, jsonPath: server.jsonPath };
  if (server.status === "disabled")
    return { status: "disabled", message: `MCP server ${server.name}: not started (enabled: false)` };
  if (server.status === "failed")
    return {
      status: "error",
      code: server.errorCode ?? "connect_failed",
      ...where,
      message: `MCP server ${server.name} failed to connect after ${server.durationMs} ms: ${server.error ?? "no reason given"}`,
      suggestion: "run `mono-agent mcp get " + server.name + "` for details; a run skips this server",
    };
  const names = server.tools.map((tool) => tool.name);
  const revision = server.protocolEra ? `, MCP ${PROTOCOL_REVISION[server.protocolEra]}` : "";
  return {
    status: "ok",
    message: `MCP server ${server.name}: connected in ${server.durationMs} ms (${server.transport}${revision}), ${names.length} tool${names.length === 1 ? "" : "s"}${names.length > 0 ? `: ${names.join(", ")}` : ""}`,
  };
}

/**
 * The findings of `mono-agent validate --connect`: one per probed server (connected with its tools,
 * failed with the reason, or not started), or one saying none is declared.
 */
export function mcpConnectLines(servers: readonly DeclaredServerProbe[]): CheckLine[] {
  const lines = servers.map(serverLine);
  if (lines.length === 0) lines.push({ status: "ok", message: "No MCP servers declared." });
  else if (servers.some((server) => server.status === "connected")) lines.push(MCP_CLIENT_OFFERS_LINE);
  return lines;
}
