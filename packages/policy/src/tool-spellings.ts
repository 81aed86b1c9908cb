import { MCP_TOOL_NAME_PREFIX, MCP_TOOL_NAME_SEPARATOR } from "./mcp-tool-name.js";
import type { ToolCatalogEntry } from "./tool-catalog.js";

/** The `*` entry: in allowedTools it allows every gated tool, in disallowedTools it denies them. */
export const WILDCARD = "*";

/** `mcp__<server>__<tool>` for a served tool. */
export function servedToolSpelling(serverName: string, toolName: string): string {
  return `${MCP_TOOL_NAME_PREFIX}${serverName}${MCP_TOOL_NAME_SEPARATOR}${toolName}`;
}

/**
 * Every policy entry that names this tool: the canonical name, its aliases and, for tools served
 * over MCP, `mcp__<server>__<Tool>` and `mcp__<server>__*`. Matching is exact (case-sensitive).
 */
export function acceptedSpellings(entry: ToolCatalogEntry): readonly string[] {
  const spellings = [entry.name, ...entry.aliases];
  if (entry.serverName !== undefined) {
    spellings.push(
      servedToolSpelling(entry.serverName, entry.name),
      servedToolSpelling(entry.serverName, WILDCARD),
    );
  }
  return spellings;
}

/** Splits `mcp__<server>__<tool>` at the first separator after the prefix; undefined for other names. */
export function parseMcpSpelling(name: string): { serverName: string; toolName: string } | undefined {
  if (!name.startsWith(MCP_TOOL_NAME_PREFIX)) return undefined;
  const rest = name.slice(MCP_TOOL_NAME_PREFIX.length);
  const separatorIndex = rest.indexOf(MCP_TOOL_NAME_SEPARATOR);
  if (separatorIndex <= 0) return undefined;
  return {
    serverName: rest.slice(0, separatorIndex),
    toolName: rest.slice(separatorIndex + MCP_TOOL_NAME_SEPARATOR.length),
  };
}
