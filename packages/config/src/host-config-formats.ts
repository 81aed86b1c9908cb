import { existsSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/** The hosts whose MCP config files `mcp import` reads. */
export const MCP_IMPORT_HOSTS = ["claude-code", "cursor", "vscode", "claude-desktop", "windsurf"] as const;
export type McpImportHost = (typeof MCP_IMPORT_HOSTS)[number];

/** One file `mcp import` would read when no file is given, with the host that writes it. */
export interface McpImportHostFile {
  file: string;
  host: McpImportHost;
}

/**
 * The usual MCP files of each host, in the workspace then in the home folder, as their docs place them
 * on Linux and macOS: Claude Code `.mcp.json` and `~/.claude.json`, Cursor `.cursor/mcp.json` and
 * `~/.cursor/mcp.json`, VS Code `.vscode/mcp.json`, Claude Desktop `claude_desktop_config.json`,
 * Windsurf `~/.codeium/windsurf/mcp_config.json`.
 */
export function usualHostFiles(workspace: string, home: string): McpImportHostFile[] {
  return [
    { file: join(workspace, ".mcp.json"), host: "claude-code" },
    { file: join(workspace, ".cursor", "mcp.json"), host: "cursor" },
    { file: join(workspace, ".vscode", "mcp.json"), host: "vscode" },
    { file: join(home, ".claude.json"), host: "claude-code" },
    { file: join(home, ".cursor", "mcp.json"), host: "cursor" },
    { file: join(home, ".config", "Claude", "claude_desktop_config.json"), host: "claude-desktop" },
    {
      file: join(home, "Library", "Application Support", "Claude", "claude_desktop_config.json"),
      host: "claude-desktop",
    },
    { file: join(home, ".codeium", "windsurf", "mcp_config.json"), host: "windsurf" },
  ];
}

/** The usual host files that exist. */
export function discoverHostFiles(workspace: string, home: string): McpImportHostFile[] {
  return usualHostFiles(workspace, home).filter((entry) => existsSync(entry.file));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The host that wrote `value`, from the file's name first and its shape second. */
export function detectHost(file: string, value: unknown): McpImportHost {
  const name = basename(file);
  const folder = basename(dirname(file));
  if (name === "claude_desktop_config.json") return "claude-desktop";
  if (name === "mcp_config.json" && folder === "windsurf") return "windsurf";
  if (folder === ".vscode") return "vscode";
  if (folder === ".cursor") return "cursor";
  if (name === ".mcp.json" || name === ".claude.json") return "claude-code";
  if (!isRecord(value)) return "claude-code";
  if (isRecord(value["servers"]) || Array.isArray(value["inputs"])) return "vscode";
  const servers = isRecord(value["mcpServers"]) ? Object.values(value["mcpServers"]) : [];
  if (servers.some((server) => isRecord(server) && "serverUrl" in server)) return "windsurf";
  if (isRecord(value["projects"])) return "claude-code";
  if ("globalShortcut" in value || "preferences" in value) return "claude-desktop";
  if (JSON.stringify(value).includes("${env:")) return "cursor";
  return "claude-code";
}
