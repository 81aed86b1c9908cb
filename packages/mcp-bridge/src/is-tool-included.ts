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

/** Whole-string glob match with `*` and `?`. */
export function matchesGlob(text: string, glob: string): boolean {
  const pattern = glob
    .split("")
    .map((character) => {
      if (character === "*") return "[\\s\\S]*";
      if (character === "?") return "[\\s\\S]";
      return character.replace(/[.+^${}()|[\]\\]/g, "\\$&");
    })
    .join("");
  return new RegExp(`^${pattern}$`).test(text);
}
