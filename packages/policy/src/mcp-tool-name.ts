import { stableHash } from "./stable-hash.js";

/**
 * Longest tool name the model sees. 64 is OpenAI's function-name limit, the tightest bound among
 * common providers (Anthropic accepts 128).
 */
export const MAX_TOOL_NAME_LENGTH = 64;

/** Prefix of every external MCP tool name: `mcp__<server>__<tool>`. */
export const MCP_TOOL_NAME_PREFIX = "mcp__";

/** Separator between the server and the tool part of an MCP tool name. */
export const MCP_TOOL_NAME_SEPARATOR = "__";

/** Length of a hash suffix: `_` plus 8 hex characters. */
const HASH_SUFFIX_LENGTH = 9;

const UNSAFE_CHARACTERS = /[^A-Za-z0-9_-]/g;

/** A tool as a server advertises it: the server's configured name and the tool's original name. */
export interface McpToolRef {
  serverName: string;
  toolName: string;
}

/** Replaces every character outside `[A-Za-z0-9_-]` by `_` (per UTF-16 code unit). */
export function sanitizeToolNamePart(part: string): string {
  return part.replace(UNSAFE_CHARACTERS, "_");
}

/** Stable 8-hex hash of the original (server, tool); `attempt` > 0 salts it for collision retries. */
export function mcpToolHash(serverName: string, toolName: string, attempt = 0): string {
  const salt = attempt === 0 ? "" : `\u0000${attempt}`;
  return stableHash(`${serverName}\u0000${toolName}${salt}`);
}

/** `name` cut so that `_<hash>` fits in {@link MAX_TOOL_NAME_LENGTH}, then `_<hash>` appended. */
export function withHashSuffix(name: string, hash: string): string {
  return `${name.slice(0, MAX_TOOL_NAME_LENGTH - HASH_SUFFIX_LENGTH)}_${hash}`;
}

/**
 * `mcp__<server>__<tool>`: characters outside [A-Za-z0-9_-] replaced by `_`, at most 64 characters;
 * longer names are truncated and end with `_` + 8 hex chars of a stable hash of the original
 * (server, tool). The server must still be called with the original tool name.
 */
export function mcpToolName(serverName: string, toolName: string): string {
  const name = `${MCP_TOOL_NAME_PREFIX}${sanitizeToolNamePart(serverName)}${MCP_TOOL_NAME_SEPARATOR}${sanitizeToolNamePart(toolName)}`;
  if (name.length <= MAX_TOOL_NAME_LENGTH) return name;
  return withHashSuffix(name, mcpToolHash(serverName, toolName));
}
