import { lstatSync, realpathSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { artifactId } from "./record-ids.js";

/** An accepted artifact: opaque id and its path relative to the run's tool-output folder (kept private). */
export interface StoredArtifact {
  readonly id: string;
  readonly path: string;
}

/** The run-specific tool-output folder: `<toolOutputRoot>/<runId>`. */
export function runToolOutputDir(toolOutputRoot: string, runId: string): string {
  return join(resolve(toolOutputRoot), runId);
}

/**
 * Keeps the candidate paths that name regular, non-symlink files beneath `<toolOutputRoot>/<runId>/`.
 * A path outside that folder (after lexical resolution) is dropped without any filesystem call, so a
 * provider-supplied path never becomes a probe; inside it, the file and every folder up to the root
 * must be real (no symlink) and the file regular.
 */
export function acceptArtifacts(
  toolOutputRoot: string | undefined,
  runId: string,
  candidates: readonly string[],
): StoredArtifact[] {
  if (toolOutputRoot === undefined) return [];
  const runDir = runToolOutputDir(toolOutputRoot, runId);
  const accepted: StoredArtifact[] = [];
  for (const candidate of candidates) {
    if (!isAbsolute(candidate)) continue;
    const relativePath = relative(runDir, resolve(candidate));
    if (relativePath === "" || relativePath.startsWith("..") || isAbsolute(relativePath)) continue;
    if (!isRegularFileBeneath(runDir, relativePath)) continue;
    if (!accepted.some((artifact) => artifact.path === relativePath))
      accepted.push({ id: artifactId(runId, relativePath), path: relativePath });
  }
  return accepted;
}

/** Rechecks an accepted artifact when it is read: still a regular, non-symlink file beneath its run folder. */
export function isArtifactAvailable(
  toolOutputRoot: string | undefined,
  runId: string,
  relativePath: string,
): boolean {
  if (toolOutputRoot === undefined) return false;
  if (relativePath.startsWith("..") || isAbsolute(relativePath)) return false;
  return isRegularFileBeneath(runToolOutputDir(toolOutputRoot, runId), relativePath);
}

function isRegularFileBeneath(runDir: string, relativePath: string): boolean {
  try {
    const stat = lstatSync(join(runDir, relativePath));
    if (!stat.isFile()) return false;
    const realDir = realpathSync(runDir);
    const realFile = realpathSync(join(runDir, relativePath));
    return realFile === join(realDir, relativePath) && realFile.startsWith(realDir + sep);
  } catch {
    return false;
  }
}
