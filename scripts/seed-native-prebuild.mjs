// Lets an npm install of the packed tarballs reuse the better-sqlite3 binary the workspace install already
// compiled, instead of compiling it again (minutes on a small machine; its prebuilt download is off-line here).
// better-sqlite3 installs with `prebuild-install || node-gyp rebuild`; prebuild-install first looks in npm's
// cache (<cache>/_prebuilds/<sha512(url)[0..6]>-<file>) for the exact file it would download. We put the
// workspace's own build there when it is the same version for the same Node ABI, platform and arch.
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { root } from "./pack-packages.mjs";

/**
 * Seeds the prebuild cache for `nodeBinary` (default: this Node); returns what it did, as one line.
 * `builtFor`: a better-sqlite3 folder that npm just built with `nodeBinary`, saved for the next install
 * (by default the workspace's own, built for this Node).
 */
export function seedBetterSqlitePrebuild({
  nodeBinary = process.execPath,
  env = process.env,
  builtFor,
} = {}) {
  let packageDir = builtFor;
  try {
    packageDir ??= dirname(
      createRequire(join(root, "apps", "agent", "package.json")).resolve("better-sqlite3/package.json"),
    );
  } catch {
    return "no workspace better-sqlite3 to reuse";
  }
  const binary = join(packageDir, "build", "Release", "better_sqlite3.node");
  if (!existsSync(binary)) return "the workspace's better-sqlite3 is not built";
  const { version } = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
  const probe = spawnSync(
    nodeBinary,
    ["-p", '[process.versions.modules, process.platform, process.arch].join(" ")'],
    {
      encoding: "utf8",
    },
  );
  const [abi, platform, arch] = probe.stdout.trim().split(" ");
  const file = `better-sqlite3-v${version}-node-v${abi}-${platform}-${arch}.tar.gz`;
  const url = `https://github.com/WiseLibs/better-sqlite3/releases/download/v${version}/${file}`;
  const cache =
    env.npm_config_cache ?? spawnSync("npm", ["config", "get", "cache"], { encoding: "utf8" }).stdout.trim();
  const target = join(
    cache,
    "_prebuilds",
    `${createHash("sha512").update(url).digest("hex").slice(0, 6)}-${file}`,
  );
  if (existsSync(target))
    return `better-sqlite3 ${version} for Node ABI ${abi}: reusing the build kept in ${dirname(target)}`;
  if (builtFor === undefined && abi !== process.versions.modules)
    return `Node ABI ${abi} differs from the workspace build's; npm compiles better-sqlite3 (kept for the next install)`;
  mkdirSync(dirname(target), { recursive: true });
  execFileSync("tar", ["-czf", target, "-C", packageDir, "build/Release/better_sqlite3.node"]);
  return builtFor === undefined
    ? `better-sqlite3 ${version} reuses the workspace's build for Node ABI ${abi}`
    : `better-sqlite3 ${version} for Node ABI ${abi} kept for the next install`;
}
