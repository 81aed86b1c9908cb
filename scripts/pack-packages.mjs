// Packs every publishable workspace package with pnpm into one folder (workspace: and catalog: ranges
// become real versions, as on publish). Shared by pack-check.mjs and setup.mjs.
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
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

/**
 * Packs each publishable package into `packDir` (emptied first). Calls `onPacked(name, tarball)` per
 * package; returns `{ tarballs: { name: file }, problems: string[] }`.
 */
export function packPackages(packDir, onPacked = () => {}) {
  rmSync(packDir, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  const pnpm = pnpmCommand();
  const problems = [];
  const tarballs = {};
  for (const dir of publishablePackages()) {
    const manifest = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));
    const before = new Set(readdirSync(packDir));
    const packed = spawnSync(pnpm[0], [...pnpm.slice(1), "pack", "--pack-destination", packDir], {
      cwd: dir,
      env: installEnv(),
      encoding: "utf8",
    });
    const file = readdirSync(packDir).find((name) => !before.has(name));
    if (packed.status !== 0 || !file) {
      problems.push(`${manifest.name}: pnpm pack failed: ${packed.stderr}`);
      continue;
    }
    tarballs[manifest.name] = join(packDir, file);
    onPacked(manifest.name, tarballs[manifest.name]);
  }
  return { tarballs, problems };
}
