// Packs every publishable workspace package with pnpm into one folder (workspace: and catalog: ranges
// become real versions, as on publish). Shared by pack-check.mjs and setup.mjs.
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { installEnv, pnpmCommand } from "./bootstrap.mjs";

export const root = resolve(import.meta.dirname, "..");

/** Folders of the workspace packages that are published (not `private`). */
export function publishablePackages() {
  return ["packages", "apps"].flatMap((group) =>
    readdirSync(join(root, group), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(root, group, entry.name))
      .filter((dir) => {
        try {
          return !JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).private;
        } catch {
          return false;
        }
      }),
  );
}

/** Packs at once: `pnpm pack` mostly waits on the disk and on gzip, so a few at a time finish sooner. */
const PACK_CONCURRENCY = 4;

/**
 * Packs each publishable package into `packDir` (emptied first), a few at a time. Calls
 * `onPacked(name, tarball)` per package, in folder order; resolves to `{ tarballs: { name: file }, problems }`.
 */
export async function packPackages(packDir, onPacked = () => {}) {
  rmSync(packDir, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  const pnpm = pnpmCommand();
  const dirs = publishablePackages();
  const outcomes = new Array(dirs.length);
  let next = 0;
  const worker = async () => {
    while (next < dirs.length) {
      const index = next++;
      outcomes[index] = await packOne(pnpm, dirs[index], join(packDir, `.pack-${index}`), packDir);
    }
  };
  await Promise.all(Array.from({ length: PACK_CONCURRENCY }, worker));
  const problems = [];
  const tarballs = {};
  for (const outcome of outcomes) {
    if (outcome.problem) {
      problems.push(outcome.problem);
      continue;
    }
    tarballs[outcome.name] = outcome.tarball;
    onPacked(outcome.name, outcome.tarball);
  }
  return { tarballs, problems };
}

/** Packs one package into a folder of its own, then moves the tarball into `packDir`. */
async function packOne(pnpm, dir, ownDir, packDir) {
  const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
  mkdirSync(ownDir, { recursive: true });
  const packed = await new Promise((done) => {
    const child = spawn(pnpm[0], [...pnpm.slice(1), "pack", "--pack-destination", ownDir], {
      cwd: dir,
      env: installEnv(),
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    child.on("error", (error) => done({ status: 1, stderr: String(error) }));
    child.on("close", (status) => done({ status, stderr }));
  });
  const file = readdirSync(ownDir).find((name) => name.endsWith(".tgz"));
  if (packed.status !== 0 || !file) {
    rmSync(ownDir, { recursive: true, force: true });
    return { problem: `${manifest.name}: pnpm pack failed: ${packed.stderr}` };
  }
  const tarball = join(packDir, file);
  renameSync(join(ownDir, file), tarball);
  rmSync(ownDir, { recursive: true, force: true });
  return { name: manifest.name, tarball };
}
