import { existsSync, mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { SCHEMA_FOLDER, scaffoldFiles } from "./scaffold-files.js";

/** What {@link writeAgentFolder} did: the files it wrote, or the problem that left nothing written. */
export type AgentFolderWrite = { files: readonly string[] } | { problem: string };

/**
 * Scaffolds an agent folder at `dir` (absolute) that validates and runs: the {@link scaffoldFiles}, all or
 * none. Never overwrites a file that exists; a file in the folder's place, a folder that cannot be created
 * or a failed write is a `problem` naming the fix (a failed write removes what this call wrote).
 */
export function writeAgentFolder(dir: string): AgentFolderWrite {
  const files = scaffoldFiles();
  const existing = Object.keys(files).filter((name) => existsSync(join(dir, name)));
  if (existing.length > 0)
    return {
      problem: `${dir} already has ${existing.join(", ")}; choose an empty or new folder (nothing was written)`,
    };
  const problem = createFolder(dir) ?? writeScaffold(dir, files);
  return problem === undefined ? { files: Object.keys(files) } : { problem };
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Creates the agent folder and its schema folder; a file in its place (or in its path) is named. */
function createFolder(dir: string): string | undefined {
  let existing: ReturnType<typeof statSync> | undefined;
  try {
    existing = statSync(dir, { throwIfNoEntry: false });
  } catch {
    existing = undefined; // ENOTDIR and the like: mkdirSync below names the problem
  }
  if (existing && !existing.isDirectory())
    return `${dir} is a file, not a folder; pass a new or empty folder for the agent (nothing was written)`;
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === "ENOTDIR" || code === "EEXIST"
      ? `${dir} cannot be created: a file stands in its path; pass a new or empty folder for the agent (nothing was written)`
      : `${dir} cannot be created (${reasonOf(error)}); pass a folder you can write to (nothing was written)`;
  }
  mkdirSync(join(dir, SCHEMA_FOLDER), { recursive: true });
  return undefined;
}

/** Writes every scaffold file, or none: a failed write removes the files this call already wrote. */
function writeScaffold(dir: string, files: Record<string, string>): string | undefined {
  const written: string[] = [];
  try {
    for (const [name, text] of Object.entries(files)) {
      writeFileSync(join(dir, name), text, { flag: "wx" });
      written.push(name);
    }
    return undefined;
  } catch (error) {
    for (const name of written) rmSync(join(dir, name), { force: true });
    return `could not write the agent folder ${dir} (${reasonOf(error)}); pass a folder you can write to (nothing was kept)`;
  }
}
