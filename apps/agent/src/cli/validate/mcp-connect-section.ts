import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import type { ProbedServer } from "../mcp/probe-mcp-servers.js";
import { type CheckLine, type CheckSection, section } from "./validate-report.js";

/**
 * The probe lives beside `mcp list` and loads the MCP SDK; imported lazily (its own chunk of the CLI
 * bundle, scripts/bundle-cli.mjs), so plain validate never loads it.
 */
async function loadProbe(): Promise<typeof import("../mcp/probe-mcp-servers.js")> {
  return import("../mcp/probe-mcp-servers.js");
}

function serverLine(server: ProbedServer): CheckLine {
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
  return {
    status: "ok",
    message: `MCP server ${server.name}: connected in ${server.durationMs} ms (${server.transport}), ${names.length} tool${names.length === 1 ? "" : "s"}${names.length > 0 ? `: ${names.join(", ")}` : ""}`,
  };
}

/** `validate --connect`: connects each declared server as a run would, and reports what the model gets. */
export async function mcpConnectSection(
  loaded: LoadedConfig | undefined,
  env: EnvRecord,
): Promise<CheckSection> {
  if (!loaded)
    return section("mcp-connect", "MCP connect", [
      { status: "disabled", message: "Not checked: the config did not load." },
    ]);
  const servers = await (await loadProbe()).probeMcpServers(loaded, env);
  const lines = servers.map(serverLine);
  if (lines.length === 0) lines.push({ status: "ok", message: "No MCP servers declared." });
  return section("mcp-connect", "MCP connect", lines);
}
