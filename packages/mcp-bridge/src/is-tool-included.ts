import { matchesToolGlob } from "@mono-agent/policy";

/** Filters of one server, on original tool names. */
export interface McpToolFilter {
  includeTools?: readonly string[];
  excludeTools?: readonly string[];
}

/**
 * Whether a tool is offered: it matches some `includeTools` glob (or there is no include list) and no
 * `excludeTools` glob. Globs match the whole original tool name; `*` is any run of characters, `?` one
 * character, everything else literal (case-sensitive).
 */
export function isToolIncluded(toolName: string, filter: McpToolFilter): boolean {
  if (filter.includeTools && !filter.includeTools.some((glob) => matchesGlob(toolName, glob))) return false;
  return !(filter.excludeTools ?? []).some((glob) => matchesGlob(toolName, glob));
}

/**
 * Whole-string glob match with `*` and `?`, without a regular expression: the config package's
 * linear matcher (a RegExp of `[\s\S]*` per star backtracked for hours on `*a*a*a…b`).
 */
export function matchesGlob(text: string, glob: string): boolean {
  return matchesToolGlob(glob, text);
}
