/** Lower case, without one trailing dot: how host names are compared. */
export function normalizeHostName(host: string): string {
  const lower = host.trim().toLowerCase();
  return lower.endsWith(".") ? lower.slice(0, -1) : lower;
}

/**
 * True when `host` is allowed by a `sandbox.network.allowlist`: equal to an exact entry, or a subdomain of
 * a `*.suffix` entry (`*.example.com` allows `api.example.com`, not `example.com` itself). Comparison is
 * case-insensitive and ignores one trailing dot. An empty list allows nothing.
 */
export function allowlistAllowsHost(allowlist: readonly string[], host: string): boolean {
  const name = normalizeHostName(host);
  if (name === "") return false;
  return allowlist.some((entry) => {
    const normalized = normalizeHostName(entry);
    if (normalized.startsWith("*."))
      return name.endsWith(normalized.slice(1)) && name.length > normalized.length - 1;
    return name === normalized;
  });
}

/** The hosts both lists allow, as a list of entries: what a request may narrow an allowlist to. */
export function intersectAllowlists(first: readonly string[], second: readonly string[]): string[] {
  const kept = new Set<string>();
  const covers = (list: readonly string[], entry: string) =>
    entry.startsWith("*.")
      ? list.some((other) => {
          const normalized = normalizeHostName(other);
          return normalized.startsWith("*.") && (entry === normalized || entry.endsWith(normalized.slice(1)));
        })
      : allowlistAllowsHost(list, entry);
  for (const entry of [...first, ...second].map(normalizeHostName)) {
    if (covers(first, entry) && covers(second, entry)) kept.add(entry);
  }
  return [...kept];
}
