/**
 * `path` made absolute against the absolute `base` and normalized (`.`, `..`, repeated and trailing
 * slashes), the way `node:path.posix.resolve` does; kept here so the root entry imports no Node module.
 */
export function resolvePosixPath(base: string, path: string): string {
  const parts: string[] = [];
  for (const segment of `${path.startsWith("/") ? "" : `${base}/`}${path}`.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") parts.pop();
    else parts.push(segment);
  }
  return `/${parts.join("/")}`;
}

/** True when `path` is `root` or inside it (both absolute and normalized). */
export function isPathInside(root: string, path: string): boolean {
  return path === root || root === "/" || path.startsWith(`${root}/`);
}
