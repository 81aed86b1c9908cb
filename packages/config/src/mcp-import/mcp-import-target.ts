import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { CONFIG_FILE_MAX_BYTES, readBoundedFileSync } from "../read-bounded-file.js";

/** The mcp.json an import writes, the workspace its servers run in, and a note when runs would not read it. */
export interface McpImportTarget {
  file: string;
  workspace: string;
  configNote?: string;
}

/**
 * The mcp.json to write: `output`, the agent's `tools.mcpConfigPath` (against its `runtime.workspace`),
 * or `./mcp.json`; read from the agent config `configFile` in `cwd`. A broken config is left to validate:
 * the import then writes `./mcp.json`.
 */
export function mcpImportTarget(
  cwd: string,
  configFile: string,
  output: string | undefined,
): McpImportTarget {
  const configPath = resolve(cwd, configFile);
  let workspace = cwd;
  let mcpConfigPath: string | undefined;
  if (existsSync(configPath)) {
    try {
      const read = readBoundedFileSync(configPath, CONFIG_FILE_MAX_BYTES);
      if (read.status !== "read") throw new Error("unreadable");
      const config = JSON.parse(read.bytes.toString("utf8")) as {
        runtime?: { workspace?: unknown };
        tools?: { mcpConfigPath?: unknown };
      };
      if (typeof config.runtime?.workspace === "string") workspace = resolve(cwd, config.runtime.workspace);
      if (typeof config.tools?.mcpConfigPath === "string") mcpConfigPath = config.tools.mcpConfigPath;
    } catch {
      // validate reports a broken config; the import still writes ./mcp.json
    }
  }
  if (output !== undefined) return { file: resolve(cwd, output), workspace };
  if (mcpConfigPath !== undefined) return { file: resolve(workspace, mcpConfigPath), workspace };
  return {
    file: resolve(cwd, "mcp.json"),
    workspace,
    ...(existsSync(configPath)
      ? {
          configNote: `${configFile} sets no tools.mcpConfigPath: add "tools": { "mcpConfigPath": "./mcp.json" } so runs read it`,
        }
      : {}),
  };
}
