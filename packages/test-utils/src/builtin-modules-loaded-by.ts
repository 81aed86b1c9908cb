import { spawnSync } from "node:child_process";

/**
 * The Node built-in modules (as `node:name`) that importing `file` loads in a fresh Node process,
 * beyond what an empty process loads (Node's `internal/` modules left out). Shows that a root entry "loads anywhere" (no `child_process`,
 * `net`, `fs`, ...). Throws with the child's stderr when the import fails.
 */
export function builtinModulesLoadedBy(file: string): string[] {
  const script = `const before = new Set(process.moduleLoadList);
await import(${JSON.stringify(file)});
const added = process.moduleLoadList.filter((name) => !before.has(name) && name.startsWith("NativeModule ") && !name.includes("internal/"));
process.stdout.write(JSON.stringify(added.map((name) => "node:" + name.slice("NativeModule ".length))));`;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  if (child.status !== 0) throw new Error(`importing ${file} failed:\n${child.stderr}`);
  return JSON.parse(child.stdout) as string[];
}
