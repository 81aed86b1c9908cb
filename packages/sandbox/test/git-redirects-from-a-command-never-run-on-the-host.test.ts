import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { gitHostConfigurationPaths } from "../src/node/index.js";
import {
  commondirAttackScript,
  hijackConfig,
  hijacked,
  makeRepo,
  makeScene,
  operatorGit,
} from "./fixtures/git-workspaces.js";
import { runInSandbox } from "./run-in-sandbox.js";

const scenes: string[] = [];
function scene() {
  const made = makeScene();
  scenes.push(made.root);
  return made;
}
afterEach(() => {
  for (const root of scenes.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** Writes `text` to each path from inside the sandbox; prints what each write gave. */
function writesScript(text: string, paths: readonly string[]): string {
  return paths.map((path) => `printf '%s' '${text}' > '${path}' && echo "wrote ${path}"`).join("; ");
}

describe("a sandboxed command cannot make the operator's git run its code (real bwrap)", () => {
  it("replays the .git/commondir attack: the write is refused and git status runs nothing", async () => {
    const { root, marker } = scene();
    const workspace = makeRepo(join(root, "workspace"));
    const run = await runInSandbox(workspace, commondirAttackScript(marker));
    expect(run.stderr).toMatch(/\.git\/commondir: Read-only file system/);
    expect(existsSync(join(workspace, ".git", "commondir"))).toBe(false);
    expect(operatorGit(workspace, "status")).toBe(0);
    expect(hijacked(marker)).toBe(false);
  });

  it("with sandbox.allowGitWrites the same attack does run on the host (what the opt-in opens)", async () => {
    const { root, marker } = scene();
    const workspace = makeRepo(join(root, "workspace"));
    const run = await runInSandbox(workspace, commondirAttackScript(marker), {
      policy: { allowGitWrites: true },
    });
    expect(run.stdout).toContain("../.cache/g");
    operatorGit(workspace, "status");
    expect(hijacked(marker)).toBe(true);
  });

  it("refuses config.worktree, info/, a new hook, HEAD and swapping .git itself", async () => {
    const { root, marker } = scene();
    const workspace = makeRepo(join(root, "workspace"));
    operatorGit(workspace, "config", "extensions.worktreeConfig", "true");
    const run = await runInSandbox(
      workspace,
      [
        writesScript(hijackConfig(marker), [".git/config.worktree", ".git/info/attributes"]),
        writesScript("ref: refs/heads/evil\n", [".git/HEAD"]),
        "mkdir -p .git/info",
        "mv .git .git-old && mkdir .git && echo swapped",
      ].join("; "),
    );
    expect(run.stdout).not.toMatch(/wrote|swapped/);
    expect(existsSync(join(workspace, ".git", "config.worktree"))).toBe(false);
    expect(readFileSync(join(workspace, ".git", "HEAD"), "utf8")).toBe("ref: refs/heads/main\n");
    expect(operatorGit(workspace, "status")).toBe(0);
    expect(hijacked(marker)).toBe(false);
  });

  it("refuses a .git file's new gitdir and the git dir an existing .git file points to", async () => {
    const { root, marker } = scene();
    const workspace = join(root, "workspace");
    mkdirSync(join(root, "store"), { recursive: true });
    mkdirSync(workspace);
    // A workspace whose .git is a file pointing elsewhere, as `git init --separate-git-dir` makes it.
    operatorGit(workspace, "init", "-q", "-b", "main", `--separate-git-dir=${join(root, "store", "ws.git")}`);
    const pointer = readFileSync(join(workspace, ".git"), "utf8");
    expect(pointer).toContain("gitdir: ");
    const run = await runInSandbox(
      workspace,
      [
        commondirAttackScript(marker).replace("echo ../.cache/g > .git/commondir", "true"),
        "cp -r ../store/ws.git/. .cache/g/ 2>/dev/null",
        `printf '%s' '${hijackConfig(marker)}' > .cache/g/config`,
        "echo 'gitdir: .cache/g' > .git && echo 'rewrote .git'",
        writesScript(hijackConfig(marker), ["../store/ws.git/config"]),
      ].join("; "),
      { policy: { writableRoots: [".", "../store"] } },
    );
    expect(run.stdout).not.toMatch(/wrote/);
    expect(readFileSync(join(workspace, ".git"), "utf8")).toBe(pointer);
    operatorGit(workspace, "status");
    expect(hijacked(marker)).toBe(false);
  });

  it("refuses worktrees/* and commondir of a workspace that is a linked worktree", async () => {
    const { root, marker } = scene();
    const main = makeRepo(join(root, "main"));
    operatorGit(main, "worktree", "add", "-q", join(root, "wt"));
    const workspace = join(root, "wt");
    const gitDir = join(main, ".git", "worktrees", "wt");
    expect(gitHostConfigurationPaths(workspace).map((entry) => entry.path)).toEqual([
      join(workspace, ".git"),
      gitDir,
      join(main, ".git"),
    ]);
    const run = await runInSandbox(
      workspace,
      [
        "mkdir -p ../main/.cache/g && cp -r ../main/.git/objects ../main/.git/refs ../main/.git/HEAD ../main/.cache/g/",
        `printf '%s' '${hijackConfig(marker)}' > ../main/.cache/g/config`,
        writesScript("../../../.cache/g\n", ["../main/.git/worktrees/wt/commondir"]),
        writesScript(hijackConfig(marker), [
          "../main/.git/worktrees/wt/config.worktree",
          "../main/.git/config",
        ]),
      ].join("; "),
      // The folder holding both is writable; the main .git is protected as this worktree's common dir.
      { policy: { writableRoots: [".", ".."] } },
    );
    expect(run.stdout).not.toMatch(/wrote/);
    expect(operatorGit(workspace, "status")).toBe(0);
    expect(operatorGit(main, "status")).toBe(0);
    expect(hijacked(marker)).toBe(false);
  });

  it("refuses modules/* and a submodule's .git file, which git status in the workspace follows", async () => {
    const { root, marker } = scene();
    const library = makeRepo(join(root, "library"));
    const workspace = makeRepo(join(root, "workspace"));
    expect(
      operatorGit(workspace, "-c", "protocol.file.allow=always", "submodule", "add", "-q", library, "sub"),
    ).toBe(0);
    operatorGit(workspace, "commit", "-q", "-m", "sub");
    expect(gitHostConfigurationPaths(workspace).map((entry) => entry.path)).toContain(
      join(workspace, "sub", ".git"),
    );
    const run = await runInSandbox(
      workspace,
      [
        "mkdir -p .cache/g && cp -r .git/modules/sub/objects .git/modules/sub/refs .git/modules/sub/HEAD .cache/g/",
        `printf '%s' '[core]\n\tworktree = ../../sub\n${hijackConfig(marker).slice("[core]\n".length)}' > .cache/g/config`,
        writesScript("gitdir: ../.cache/g\n", ["sub/.git"]),
        writesScript(hijackConfig(marker), [".git/modules/sub/config"]),
      ].join("; "),
    );
    expect(run.stdout).not.toMatch(/wrote/);
    expect(readFileSync(join(workspace, "sub", ".git"), "utf8")).toBe("gitdir: ../.git/modules/sub\n");
    expect(operatorGit(workspace, "status")).toBe(0);
    expect(hijacked(marker)).toBe(false);
  });

  it("in a folder that is no repository, a command can create neither .git nor a bare repository's HEAD", async () => {
    const { root, marker } = scene();
    const workspace = join(root, "workspace");
    mkdirSync(workspace);
    const run = await runInSandbox(
      workspace,
      [
        "git init -q . && echo 'made .git'",
        "mkdir -p objects refs",
        writesScript("ref: refs/heads/main\n", ["HEAD"]),
        writesScript(hijackConfig(marker), ["config"]),
      ].join("; "),
    );
    expect(run.stdout).not.toMatch(/made .git|wrote HEAD/);
    // The placeholders held while the command ran are gone; nothing else of git's is left.
    expect(existsSync(join(workspace, ".git"))).toBe(false);
    expect(existsSync(join(workspace, "HEAD"))).toBe(false);
    operatorGit(workspace, "status");
    expect(hijacked(marker)).toBe(false);
  });
});
