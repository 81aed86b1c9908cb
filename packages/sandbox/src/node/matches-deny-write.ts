import picomatch from "picomatch";

/** A compiled set of `sandbox.denyWrite` patterns: the pattern protecting a relative path, or undefined. */
export type DenyWriteMatcher = (relativePath: string) => string | undefined;

/**
 * Compiles `sandbox.denyWrite` patterns (picomatch syntax, dot files included, relative to a writable
 * root) once. A path is protected when it or one of its parent folders matches, so `secrets` protects
 * everything below it and `.git/hooks/**` protects the folder itself, as the sandbox does by mounting each
 * match read-only (see `expandDenyWrite`). The file tools use it to refuse what Bash cannot write either.
 */
export function createDenyWriteMatcher(patterns: readonly string[]): DenyWriteMatcher {
  const compiled = patterns.map((pattern) => {
    const trimmed = pattern.replace(/^\.\//, "").replace(/(\/\*\*)+$/, "");
    const matches = trimmed === "" || trimmed === "**" ? () => true : picomatch(trimmed, { dot: true });
    return { pattern, matches };
  });
  return (relativePath) => {
    const segments = relativePath.split("/").filter((segment) => segment !== "" && segment !== ".");
    if (segments.length === 0 || segments.includes("..")) return undefined;
    for (const { pattern, matches } of compiled)
      for (let length = 1; length <= segments.length; length += 1)
        if (matches(segments.slice(0, length).join("/"))) return pattern;
    return undefined;
  };
}

/** The `sandbox.denyWrite` pattern that protects `relativePath`, or undefined (see {@link createDenyWriteMatcher}). */
export function matchesDenyWrite(patterns: readonly string[], relativePath: string): string | undefined {
  return createDenyWriteMatcher(patterns)(relativePath);
}
