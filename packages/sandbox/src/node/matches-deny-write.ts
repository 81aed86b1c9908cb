import picomatch from "picomatch";

/**
 * The `sandbox.denyWrite` pattern (picomatch syntax, dot files included, relative to a writable root)
 * that protects `relativePath`, or undefined. A path is protected when it or one of its parent folders
 * matches, so `secrets` protects everything below it and `.git/hooks/**` protects the folder itself, as
 * the sandbox does by mounting each match read-only (see `expandDenyWrite`). The file tools use it to
 * refuse what Bash cannot write either.
 */
export function matchesDenyWrite(patterns: readonly string[], relativePath: string): string | undefined {
  const segments = relativePath.split("/").filter((segment) => segment !== "" && segment !== ".");
  if (segments.length === 0 || segments.includes("..")) return undefined;
  for (const pattern of patterns) {
    const trimmed = pattern.replace(/^\.\//, "").replace(/(\/\*\*)+$/, "");
    if (trimmed === "" || trimmed === "**") return pattern;
    const matches = picomatch(trimmed, { dot: true });
    for (let length = 1; length <= segments.length; length += 1)
      if (matches(segments.slice(0, length).join("/"))) return pattern;
  }
  return undefined;
}
