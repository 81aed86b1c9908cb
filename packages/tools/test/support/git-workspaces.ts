import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** An env for git that ignores the machine's own git configuration, as a clean operator's would. */
export const OPERATOR_GIT_ENV = {
  PATH: "/usr/bin:/bin",
  HOME: "/nonexistent",
  GIT_CONFIG_NOSYSTEM: "1",
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_AUTHOR_NAME: "operator",
  GIT_AUTHOR_EMAIL: "operator@example.test",
  GIT_COMMITTER_NAME: "operator",
  GIT_COMMITTER_EMAIL: "operator@example.test",
};

/** Runs git as the operator would, on the host; returns its exit status (output is discarded). */
export function operatorGit(cwd: string, ...args: string[]): number {
  try {
    execFileSync("git", args, { cwd, env: OPERATOR_GIT_ENV, stdio: "ignore", timeout: 20_000 });
    return 0;
  } catch (error) {
    return (error as { status?: number }).status ?? 1;
  }
}

/** A fresh temp folder (real path) and the marker file a hijacked git would create in it. */
export function makeScene(): { root: string; marker: string } {
  const root = realpathSync(mkdtempSync(join(tmpdir(), "git-hijack-")));
  return { root, marker: join(root, "MARKER") };
}

/** A git repository with one commit at `directory`. */
export function makeRepo(directory: string): string {
  mkdirSync(directory, { recursive: true });
  operatorGit(directory, "init", "-q", "-b", "main");
  writeFileSync(join(directory, "README.md"), "# repo\n");
  operatorGit(directory, "add", "README.md");
  operatorGit(directory, "commit", "-q", "-m", "first");
  return directory;
}

/** A git config text whose `core.fsmonitor` would create `marker` on the host the moment git runs it. */
export function hijackConfig(marker: string): string {
  return `[core]\n\trepositoryformatversion = 0\n\tfsmonitor = "touch ${marker}; false"\n`;
}

/** True when the hijacked git ran: the marker exists. */
export function hijacked(marker: string): boolean {
  return existsSync(marker);
}
