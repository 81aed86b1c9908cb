import leven from "leven";

// Also the `./closest-key` subpath: did-you-mean for CLIs and hosts without loading the config schemas.

/** The known key closest to `unknownKey`, case-insensitively, if it is a likely typo or abbreviation of it. */
export function closestKey(unknownKey: string, knownKeys: readonly string[]): string | undefined {
  let best: { key: string; distance: number } | undefined;
  for (const key of knownKeys) {
    const typed = unknownKey.toLowerCase();
    const candidate = key.toLowerCase();
    const isAbbreviation = typed.length >= 3 && candidate.startsWith(typed);
    const distance = isAbbreviation ? 1 : leven(typed, candidate);
    if (best === undefined || distance < best.distance) best = { key, distance };
  }
  if (best === undefined) return undefined;
  const allowed = Math.max(2, Math.floor(Math.max(unknownKey.length, best.key.length) / 3));
  return best.distance <= allowed ? best.key : undefined;
}

/**
 * The problem with naming `serverName` when only `declared` MCP servers exist: undefined when it is
 * declared, else a message naming the closest declared name and every declared one (`none` without any).
 */
export function unknownMcpServerProblem(serverName: string, declared: readonly string[]): string | undefined {
  if (declared.includes(serverName)) return undefined;
  const suggestion = closestKey(serverName, declared);
  return `no MCP server named "${serverName}"${suggestion ? ` (did you mean "${suggestion}"?)` : ""}; declared: ${declared.length > 0 ? declared.join(", ") : "none"}`;
}
