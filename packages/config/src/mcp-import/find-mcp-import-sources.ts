import { resolve } from "node:path";
import { discoverHostFiles, type McpImportHost, usualHostFiles } from "../host-config-formats.js";
import { MonoAgentConfigError } from "../mono-agent-config-error.js";

/** One file an MCP import reads; `host` is unset for a file the user named (detected when read). */
export interface McpImportSource {
  file: string;
  host?: McpImportHost;
}

/**
 * The files `mono-agent mcp import` reads: `file` (relative to `cwd`) when given, else the usual host
 * files of the workspace `cwd` and of `home` that exist (only those of `from` when given). Throws a
 * `MonoAgentConfigError` (`mcp_config_missing`) naming every place looked at when none exists.
 */
export function findMcpImportSources(input: {
  cwd: string;
  home: string;
  file?: string;
  from?: McpImportHost;
}): McpImportSource[] {
  const sources =
    input.file !== undefined
      ? [{ file: resolve(input.cwd, input.file) }]
      : discoverHostFiles(input.cwd, input.home).filter(
          (entry) => input.from === undefined || entry.host === input.from,
        );
  if (sources.length === 0)
    throw new MonoAgentConfigError(
      "mcp_config_missing",
      `found no MCP config to import; looked for:\n${usualHostFiles(input.cwd, input.home)
        .map((entry) => `  ${entry.file}`)
        .join("\n")}\npass the file: mono-agent mcp import FILE`,
    );
  return sources;
}
