import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { type CheckSection, section } from "./validate-report.js";

/**
 * `validate --connect`: connects each declared server as a run would, and reports what the model gets.
 * The probe loads the MCP SDK; imported lazily (its own chunk of the CLI bundle, scripts/bundle-cli.mjs),
 * so plain validate never loads it.
 */
export async function mcpConnectSection(
  loaded: LoadedConfig | undefined,
  env: EnvRecord,
): Promise<CheckSection> {
  if (!loaded)
    return section("mcp-connect", "MCP connect", [
      { status: "disabled", message: "Not checked: the config did not load." },
    ]);
  const [{ probeMcpServers }, { mcpConnectLines }] = await Promise.all([
    import("../mcp/probe-mcp-servers.js"),
    import("@mono-agent/mcp-bridge/probe"),
  ]);
  return section("mcp-connect", "MCP connect", mcpConnectLines(await probeMcpServers(loaded, env)));
}
