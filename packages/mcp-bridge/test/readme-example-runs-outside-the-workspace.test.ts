import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, test } from "vitest";
import { useTempDir } from "./fixtures/bridge-test-kit.js";

const packageDir = join(import.meta.dirname, "..");

/** The files the README asks to save: each ```js block, named by the last `name.mjs` in the prose before it. */
function readmeFiles(): Map<string, string> {
  const readme = readFileSync(join(packageDir, "README.md"), "utf8");
  const parts = readme.split(/```js\n([\s\S]*?)```/);
  const files = new Map<string, string>();
  for (let index = 1; index < parts.length; index += 2) {
    const name = [...parts[index - 1]!.matchAll(/`([\w-]+\.mjs)`/g)].at(-1)?.[1];
    if (name) files.set(name, parts[index]!);
  }
  return files;
}

/** Links `name` in `projectDir/node_modules` to the copy the package itself resolves, as npm would install it. */
function install(projectDir: string, name: string, target: string): void {
  const link = join(projectDir, "node_modules", name);
  mkdirSync(dirname(link), { recursive: true });
  symlinkSync(target, link, "dir");
}

describe("the README example", () => {
  const project = useTempDir();

  test("runs as a script in a folder outside the workspace against the built package", () => {
    expect(existsSync(join(packageDir, "dist", "index.js")), "build the package first").toBe(true);
    const files = readmeFiles();
    expect([...files.keys()]).toEqual(["server.mjs", "example.mjs"]);
    for (const [name, code] of files) writeFileSync(join(project.path, name), code);
    install(project.path, "@mono-agent/mcp-bridge", packageDir);
    for (const dependency of ["@modelcontextprotocol/sdk", "zod"])
      install(project.path, dependency, join(packageDir, "node_modules", dependency));

    const run = spawnSync(process.execPath, ["example.mjs"], {
      cwd: project.path,
      env: { PATH: process.env.PATH ?? "", HOME: project.path },
      encoding: "utf8",
      timeout: 30_000,
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("[ 'mcp__greeter__greet' ]\nHello, Ada!\n");
  });
});
