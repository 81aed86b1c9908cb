import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SandboxError } from "../src/index.js";
import { makeTree, runInSandbox } from "./run-in-sandbox.js";

let tree: ReturnType<typeof makeTree>;

beforeAll(() => {
  tree = makeTree();
  writeFileSync(join(tree.workspace, ".env.local"), "KEY=local\n");
});

afterAll(() => rmSync(tree.root, { recursive: true, force: true }));

describe("a command in the bubblewrap sandbox", () => {
  it("sees only the env it is given, and no host process in /proc (its parent's environ included)", async () => {
    const run = await runInSandbox(
      tree.workspace,
      `env | sort; echo ---; tr '\\0' '\\n' < /proc/$PPID/environ; echo ---; tr '\\0' '\\n' < /proc/1/environ; echo ---; ls /proc | grep -c '^[0-9]'`,
      { env: { PATH: "/usr/bin:/bin", HOME: "/root", GIVEN: "yes" } },
    );
    expect(run.code, run.stderr).toBe(0);
    const [env, parent, init, count] = run.stdout.split("---\n");
    expect(env).toContain("GIVEN=yes");
    // The command is the sandbox's init: it has no parent in there ($PPID is 0), and pid 1 is itself.
    expect(parent?.trim()).toBe("");
    expect(run.stderr).toContain("/proc/0/environ: No such file or directory");
    expect(init?.trim().split("\n").sort()).toEqual([
      "GIVEN=yes",
      "HOME=/root",
      "PATH=/usr/bin:/bin",
      `PWD=${tree.workspace}`,
      "TMPDIR=/tmp",
    ]);
    expect(Number(count)).toBeLessThan(8);
  });

  it("writes inside the writable root, cannot see or write outside it, and has an empty private home and /tmp", async () => {
    const run = await runInSandbox(
      tree.workspace,
      `echo made > made.txt && echo ok-write; cat ${tree.outside}/secret.txt; echo x > ${tree.outside}/new.txt; ls -A ~ | wc -l; ls -A /tmp; touch ~/.ssh 2>&1; echo x > /usr/evil 2>&1 || echo usr-ro`,
    );
    expect(run.stdout).toContain("ok-write");
    expect(readFileSync(join(tree.workspace, "made.txt"), "utf8")).toBe("made\n");
    expect(run.stdout).not.toContain("outside secret");
    expect(run.stderr).toMatch(/secret\.txt: No such file or directory/);
    expect(existsSync(join(tree.outside, "new.txt"))).toBe(false);
    // Home is empty; /tmp holds only the way to the workspace (which lives under the host's /tmp here).
    expect(run.stdout).toContain(`\n0\n${tree.root.split("/")[2]}\n`);
    expect(run.stdout).toContain("usr-ro");
  });

  it("keeps readable roots read-only", async () => {
    const run = await runInSandbox(
      tree.workspace,
      `cat ${tree.outside}/secret.txt; echo x > ${tree.outside}/x.txt`,
      {
        policy: { readableRoots: [".", tree.outside] },
      },
    );
    expect(run.stdout).toBe("outside secret\n");
    expect(run.stderr).toMatch(/Read-only file system/);
    expect(existsSync(join(tree.outside, "x.txt"))).toBe(false);
  });

  it("enforces denyWrite: existing matches read-only, a missing .env cannot be created, hooks cannot be added, .git cannot be renamed away", async () => {
    rmSync(join(tree.workspace, ".env"), { force: true });
    const run = await runInSandbox(
      tree.workspace,
      [
        "echo evil >> .git/config",
        "echo evil > .env",
        "echo evil > .env.local",
        "echo '#!/bin/sh' > .git/hooks/pre-commit",
        "mv .git .git-old",
        "rm -f .env.local",
        "mv README.md .env",
        "echo still-running",
      ].join("; "),
    );
    expect(run.stdout).toBe("still-running\n");
    expect(readFileSync(join(tree.workspace, ".git", "config"), "utf8")).toBe("[core]\n\tbare = false\n");
    expect(readFileSync(join(tree.workspace, ".env.local"), "utf8")).toBe("KEY=local\n");
    expect(readdirSync(join(tree.workspace, ".git", "hooks"))).toEqual([]);
    expect(existsSync(join(tree.workspace, ".git-old"))).toBe(false);
    expect(existsSync(join(tree.workspace, "README.md"))).toBe(true);
    // The placeholder that kept .env from being created is gone again.
    expect(existsSync(join(tree.workspace, ".env"))).toBe(false);
  });

  it("hides no-access protected paths and keeps read-only ones read-only, existing or not", async () => {
    const state = join(tree.workspace, ".mono-agent");
    mkdirSync(state, { recursive: true });
    writeFileSync(join(state, "secret.key"), "k".repeat(32));
    writeFileSync(join(tree.workspace, "mono-agent.config.json"), "{}\n");
    const run = await runInSandbox(
      tree.workspace,
      "ls -A .mono-agent | wc -l; cat .mono-agent/secret.key; echo x > .mono-agent/new; cat mono-agent.config.json; echo '{\"x\":1}' > mono-agent.config.json; echo '{}' > mcp.json; echo done",
      {
        protectedPaths: {
          noAccess: [state],
          readOnly: [join(tree.workspace, "mono-agent.config.json"), join(tree.workspace, "mcp.json")],
        },
      },
    );
    expect(run.stdout).toBe("0\n{}\ndone\n");
    expect(readFileSync(join(tree.workspace, "mono-agent.config.json"), "utf8")).toBe("{}\n");
    expect(existsSync(join(tree.workspace, "mcp.json"))).toBe(false);
    expect(existsSync(join(state, "new"))).toBe(false);
  });

  it("refuses, before anything runs, a protected path that is a symlink (it could be swapped)", async () => {
    const linked = join(tree.root, "linked");
    mkdirSync(join(linked, ".git"), { recursive: true });
    writeFileSync(join(tree.root, "real-config"), "x");
    symlinkSync(join(tree.root, "real-config"), join(linked, ".git", "config"));
    const error = await runInSandbox(linked, "touch ran").catch((caught: unknown) => caught);
    expect(SandboxError.isInstance(error) && error.code).toBe("sandbox_prepare_failed");
    expect((error as Error).message).toMatch(/is a symlink inside a writable root/);
    expect(existsSync(join(linked, "ran"))).toBe(false);
  });

  it("refuses a working directory outside every root", async () => {
    const error = await runInSandbox(tree.workspace, "true", { cwd: tree.outside }).catch(
      (caught: unknown) => caught,
    );
    expect(SandboxError.isInstance(error) && error.code).toBe("sandbox_prepare_failed");
    expect((error as Error).message).toMatch(/outside every sandbox root/);
  });

  it("cannot regain privileges: no capabilities, no umount of a protected file, no new user namespace", async () => {
    writeFileSync(join(tree.workspace, ".env"), "A=1\n");
    const run = await runInSandbox(
      tree.workspace,
      `grep CapEff /proc/self/status; umount ${tree.workspace}/.env 2>&1; unshare -Ur true 2>&1 || echo no-userns; echo x >> .env`,
    );
    expect(run.stdout).toMatch(/CapEff:\s+0000000000000000/);
    expect(readFileSync(join(tree.workspace, ".env"), "utf8")).toBe("A=1\n");
    rmSync(join(tree.workspace, ".env"));
  });
});
