import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTree, runInSandbox } from "./run-in-sandbox.js";

describe("protected paths whose parent is missing or is a file", () => {
  let tree: ReturnType<typeof makeTree>;
  beforeEach(() => {
    tree = makeTree();
  });
  afterEach(() => rmSync(tree.root, { recursive: true, force: true }));

  it("a missing state folder and a key inside it: the command runs and can create neither", async () => {
    const state = join(tree.workspace, ".mono-agent");
    const run = await runInSandbox(
      tree.workspace,
      "mkdir -p .mono-agent 2>/dev/null; echo k > .mono-agent/secret.key 2>/dev/null; rm -f .mono-agent 2>/dev/null; echo done",
      { protectedPaths: { noAccess: [state, join(state, "secret.key")], readOnly: [] } },
    );
    expect(run.stdout).toBe("done\n");
    expect(existsSync(state)).toBe(false);
  });

  it("the same paths given key first: the order of the protected list does not matter", async () => {
    const state = join(tree.workspace, ".mono-agent");
    const run = await runInSandbox(tree.workspace, "mkdir .mono-agent 2>/dev/null; echo done", {
      protectedPaths: { noAccess: [join(state, "secret.key"), state], readOnly: [] },
    });
    expect(run.stdout).toBe("done\n");
    expect(existsSync(state)).toBe(false);
  });

  it("`.git` as a file (a git worktree): denyWrite's .git/config and .git/hooks/** keep the file as it is", async () => {
    rmSync(join(tree.workspace, ".git"), { recursive: true, force: true });
    writeFileSync(join(tree.workspace, ".git"), "gitdir: /elsewhere/.git/worktrees/x\n");
    const run = await runInSandbox(
      tree.workspace,
      "rm -f .git 2>/dev/null; mkdir -p .git/hooks 2>/dev/null; echo evil > .git/hooks/pre-commit 2>/dev/null; echo done",
    );
    expect(run.stdout).toBe("done\n");
    expect(readFileSync(join(tree.workspace, ".git"), "utf8")).toBe("gitdir: /elsewhere/.git/worktrees/x\n");
  });

  it("a protected key under an existing state folder is still hidden when the folder is read-only", async () => {
    const state = join(tree.workspace, ".mono-agent");
    mkdirSync(state);
    writeFileSync(join(state, "secret.key"), "k".repeat(32));
    const run = await runInSandbox(tree.workspace, "cat .mono-agent/secret.key | wc -c; echo done", {
      protectedPaths: { noAccess: [join(state, "secret.key")], readOnly: [state] },
    });
    expect(run.stdout).toBe("0\ndone\n");
  });
});
