import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { DEFAULT_SANDBOX_CONFIG } from "@mono-agent/config";
import { afterEach, describe, expect, it } from "vitest";
import { createFileAccess, createFileTool, openWorkspace } from "../src/node/index.js";
import { hijackConfig, hijacked, makeRepo, makeScene, operatorGit } from "./support/git-workspaces.js";

const scenes: string[] = [];
afterEach(() => {
  for (const root of scenes.splice(0)) rmSync(root, { recursive: true, force: true });
});

function scene() {
  const made = makeScene();
  scenes.push(made.root);
  return made;
}

function tools(workspace: string, options: { writableRoots?: string[]; allowGitWrites?: boolean } = {}) {
  const files = createFileAccess({
    workspace: openWorkspace(workspace),
    denyWrite: DEFAULT_SANDBOX_CONFIG.denyWrite,
    ...options,
  });
  return { write: createFileTool("Write", files), edit: createFileTool("Edit", files) };
}

async function attempt(tool: AgentTool, path: string, content: string): Promise<string> {
  return await tool.execute("1", { path, content }).then(
    () => "written",
    (error: Error) => error.message,
  );
}

/** What an earlier Bash command could leave in the workspace: a copy of the repository with a hostile config. */
function stageFakeGitDir(workspace: string, gitDir: string, marker: string): void {
  const fake = join(workspace, ".cache", "g");
  mkdirSync(fake, { recursive: true });
  for (const name of ["objects", "refs", "HEAD"])
    cpSync(join(gitDir, name), join(fake, name), { recursive: true });
  writeFileSync(join(fake, "config"), hijackConfig(marker));
}

describe("Write and Edit cannot make the operator's git run the model's code", () => {
  it("refuses .git/commondir (the replayed attack), and git status runs nothing", async () => {
    const { root, marker } = scene();
    const workspace = makeRepo(join(root, "workspace"));
    stageFakeGitDir(workspace, join(workspace, ".git"), marker);
    const { write } = tools(workspace);
    const refusal = await attempt(write, ".git/commondir", "../.cache/g\n");
    expect(refusal).toContain('Refused to change ".git/commondir"');
    expect(refusal).toContain("sandbox.allowGitWrites");
    expect(existsSync(join(workspace, ".git", "commondir"))).toBe(false);
    expect(operatorGit(workspace, "status")).toBe(0);
    expect(hijacked(marker)).toBe(false);
  });

  it("with sandbox.allowGitWrites the same write lands and git runs it (what the opt-in opens)", async () => {
    const { root, marker } = scene();
    const workspace = makeRepo(join(root, "workspace"));
    stageFakeGitDir(workspace, join(workspace, ".git"), marker);
    const { write } = tools(workspace, { allowGitWrites: true });
    expect(await attempt(write, ".git/commondir", "../.cache/g\n")).toBe("written");
    operatorGit(workspace, "status");
    expect(hijacked(marker)).toBe(true);
  });

  it("refuses config.worktree, info/, hooks, HEAD and the .git file, however the path is spelled", async () => {
    const { root, marker } = scene();
    const workspace = makeRepo(join(root, "workspace"));
    operatorGit(workspace, "config", "extensions.worktreeConfig", "true");
    const { write } = tools(workspace);
    for (const path of [
      ".git/config.worktree",
      ".git/info/attributes",
      ".git/hooks/pre-commit",
      ".git/HEAD",
      "./src/../.git/config.worktree",
      join(workspace, ".git", "config.worktree"),
    ])
      expect(await attempt(write, path, hijackConfig(marker))).toMatch(/Refused|denyWrite/);
    expect(existsSync(join(workspace, ".git", "config.worktree"))).toBe(false);
    expect(operatorGit(workspace, "status")).toBe(0);
    expect(hijacked(marker)).toBe(false);
  });

  it("refuses the git dir a .git file points to, and rewriting the .git file", async () => {
    const { root, marker } = scene();
    const workspace = join(root, "workspace");
    mkdirSync(workspace);
    const gitDir = join(root, "store", "ws.git");
    mkdirSync(join(root, "store"));
    operatorGit(workspace, "init", "-q", "-b", "main", `--separate-git-dir=${gitDir}`);
    const pointer = readFileSync(join(workspace, ".git"), "utf8");
    stageFakeGitDir(workspace, gitDir, marker);
    const { write } = tools(workspace, { writableRoots: [join(root, "store")] });
    expect(await attempt(write, ".git", "gitdir: .cache/g\n")).toContain("git's configuration folder");
    expect(await attempt(write, join(gitDir, "config"), hijackConfig(marker))).toContain(
      "the git dir the .git file points to",
    );
    expect(readFileSync(join(workspace, ".git"), "utf8")).toBe(pointer);
    operatorGit(workspace, "status");
    expect(hijacked(marker)).toBe(false);
  });

  it("refuses worktrees/* of a workspace that is a linked worktree", async () => {
    const { root, marker } = scene();
    const main = makeRepo(join(root, "main"));
    const workspace = join(root, "wt");
    operatorGit(main, "worktree", "add", "-q", workspace);
    stageFakeGitDir(workspace, join(main, ".git"), marker);
    const { write } = tools(workspace, { writableRoots: [root] });
    expect(await attempt(write, "../main/.git/worktrees/wt/commondir", "../../../wt/.cache/g\n")).toContain(
      "Refused",
    );
    expect(await attempt(write, "../main/.git/worktrees/wt/config.worktree", hijackConfig(marker))).toContain(
      "Refused",
    );
    expect(operatorGit(workspace, "status")).toBe(0);
    expect(hijacked(marker)).toBe(false);
  });

  it("refuses modules/* and a submodule's .git file", async () => {
    const { root, marker } = scene();
    const library = makeRepo(join(root, "library"));
    const workspace = makeRepo(join(root, "workspace"));
    operatorGit(workspace, "-c", "protocol.file.allow=always", "submodule", "add", "-q", library, "sub");
    stageFakeGitDir(workspace, join(workspace, ".git", "modules", "sub"), marker);
    const { write } = tools(workspace);
    expect(await attempt(write, "sub/.git", "gitdir: ../.cache/g\n")).toContain("the .git of a submodule");
    expect(await attempt(write, ".git/modules/sub/config", hijackConfig(marker))).toContain("Refused");
    expect(operatorGit(workspace, "status")).toBe(0);
    expect(hijacked(marker)).toBe(false);
  });

  it("in a folder that is no repository, refuses creating .git/config or a bare repository's HEAD", async () => {
    const { root, marker } = scene();
    const workspace = join(root, "workspace");
    mkdirSync(workspace);
    const { write } = tools(workspace);
    expect(await attempt(write, ".git/config", hijackConfig(marker))).toContain("Refused");
    expect(await attempt(write, "HEAD", "ref: refs/heads/main\n")).toContain("bare git repository");
    expect(await attempt(write, "config", hijackConfig(marker))).toBe("written");
    expect(existsSync(join(workspace, ".git"))).toBe(false);
    operatorGit(workspace, "status");
    expect(hijacked(marker)).toBe(false);
  });
});
