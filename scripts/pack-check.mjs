// Packs every publishable workspace package with pnpm, checks each tarball holds only what it should,
// installs the tarballs into a temporary project outside the workspace, and imports each package alone:
// the way our users consume them.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { installEnv, pnpmCommand } from "./bootstrap.mjs";

const root = resolve(import.meta.dirname, "..");
const packDir = join(root, ".ci", "pack");
/** Files a tarball may hold, as path prefixes inside `package/`. */
const ALLOWED = [
  /^package\/package\.json$/,
  /^package\/README\.md$/,
  /^package\/LICENSE$/,
  /^package\/CHANGELOG\.md$/,
  /^package\/dist\//,
  /^package\/bin\//,
  /^package\/schema\//,
  /^package\/drizzle\//,
  /^package\/drizzle-web\//,
];
const FORBIDDEN = [/\/test\//, /\.test\./, /tsconfig/, /\/src\//, /\.tsbuildinfo$/];

const packages = ["packages", "apps"].flatMap((group) =>
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

rmSync(packDir, { recursive: true, force: true });
mkdirSync(packDir, { recursive: true });
const pnpm = pnpmCommand();
const problems = [];
const tarballs = {};
for (const dir of packages) {
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
  const tarball = join(packDir, file);
  tarballs[manifest.name] = tarball;
  const entries = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).trim().split("\n");
  for (const entry of entries) {
    if (!ALLOWED.some((pattern) => pattern.test(entry)) || FORBIDDEN.some((pattern) => pattern.test(entry))) {
      problems.push(`${manifest.name}: unexpected file in tarball: ${entry}`);
    }
  }
  if (!entries.some((entry) => entry.startsWith("package/dist/")))
    problems.push(`${manifest.name}: no dist/ in tarball`);
  const packedManifest = JSON.parse(
    execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }),
  );
  for (const section of ["dependencies", "peerDependencies"]) {
    for (const [name, range] of Object.entries(packedManifest[section] ?? {})) {
      if (/^(workspace|catalog):/.test(range))
        problems.push(`${manifest.name}: ${section}.${name} left as ${range}`);
    }
  }
  console.log(`packed ${manifest.name}: ${entries.length} files`);
}

const project = mkdtempSync(join(tmpdir(), "mono-agent-pack-"));
try {
  const overrides = Object.fromEntries(
    Object.entries(tarballs).map(([name, file]) => [name, `file:${file}`]),
  );
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify(
      { name: "pack-check", private: true, type: "module", dependencies: overrides, overrides },
      null,
      2,
    ),
  );
  const install = spawnSync("npm", ["install", "--no-audit", "--no-fund", "--loglevel=error"], {
    cwd: project,
    stdio: "inherit",
    env: installEnv(),
  });
  if (install.status !== 0) problems.push("npm install of the packed tarballs failed");
  else {
    for (const name of Object.keys(tarballs)) {
      const check = spawnSync(
        "node",
        [
          "--input-type=module",
          "-e",
          `const m = await import(${JSON.stringify(name)}); if (Object.keys(m).length === 0) { console.error("no exports"); process.exit(1); }`,
        ],
        { cwd: project, encoding: "utf8" },
      );
      if (check.status !== 0)
        problems.push(`${name}: import failed in a fresh project: ${check.stderr.trim()}`);
      else console.log(`imported ${name} alone: ok`);
    }
    // Subpath entries users import on their own (Node-only parts behind a subpath).
    for (const subpath of ["@mono-agent/sandbox/node"]) {
      const check = spawnSync(
        "node",
        ["--input-type=module", "-e", `const m = await import(${JSON.stringify(subpath)}); if (Object.keys(m).length === 0) process.exit(1);`],
        { cwd: project, encoding: "utf8" },
      );
      if (check.status !== 0) problems.push(`${subpath}: import failed in a fresh project: ${check.stderr.trim()}`);
      else console.log(`imported ${subpath} alone: ok`);
    }
    const bin = spawnSync("npx", ["--no-install", "mono-agent", "--help"], {
      cwd: project,
      encoding: "utf8",
    });
    if (tarballs["@mono-agent/agent"] && bin.status !== 0)
      problems.push(`mono-agent --help failed: ${bin.stderr}`);
  }
} finally {
  rmSync(project, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`\npack check found ${problems.length} problem(s):\n- ${problems.join("\n- ")}`);
  process.exitCode = 1;
} else
  console.log(`pack check: ${Object.keys(tarballs).length} packages packed, installed and imported alone`);
