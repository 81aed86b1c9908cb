import * as z from "zod";

/** Server names: letter or digit first, then letters, digits, `_` or `-`, at most 48 characters (tool names are `mcp__<server>__<tool>`, capped at 64). */
export const MCP_SERVER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,47}$/;

/** Prefix reserved for servers the host itself serves (RunHistory, MemoryRecall, ...). */
export const RESERVED_SERVER_NAME_PREFIX = "mono-agent-";

/** The accepted form of a server name, as shown in error messages. */
export const MCP_SERVER_NAME_RULE =
  'a letter or digit, then up to 47 letters, digits, "_" or "-"; no "__"; not starting with "mono-agent-"';

/** Why `name` is not an accepted server name, or undefined when it is. */
export function mcpServerNameProblem(name: string): string | undefined {
  if (!MCP_SERVER_NAME_PATTERN.test(name)) {
    return name.length > 48
      ? "is longer than 48 characters"
      : "has a character or a first character that is not allowed";
  }
  if (name.includes("__")) return 'contains "__", which separates server and tool in mcp__<server>__<tool>';
  if (name === "constructor" || name === "prototype" || name === "__proto__")
    return "is a name JavaScript objects reserve (__proto__, constructor, prototype)";
  if (name.startsWith(RESERVED_SERVER_NAME_PREFIX))
    return 'starts with "mono-agent-", which is reserved for app-owned servers';
  return undefined;
}

/** Zod schema of a server name; the pattern also tells editors the rules. */
export const mcpServerNameSchema = z
  .string()
  .regex(/^(?!mono-agent-)(?!(?:constructor|prototype)$)(?!.*__)[A-Za-z0-9][A-Za-z0-9_-]{0,47}$/, {
    error: `expected ${MCP_SERVER_NAME_RULE}`,
  })
  .describe(`Server name: ${MCP_SERVER_NAME_RULE}.`);
