import { isAbsolute, relative, sep } from "node:path";

/** True when `candidate` is `root` itself or lies below it (both absolute, normalised). */
export function isInsideDirectory(root: string, candidate: string): boolean {
  const fromRoot = relative(root, candidate);
  return fromRoot === "" || (!isAbsolute(fromRoot) && fromRoot !== ".." && !fromRoot.startsWith(`..${sep}`));
}
