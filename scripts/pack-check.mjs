// Packs every publishable workspace package with pnpm, checks each tarball holds only what it should,
// installs the tarballs into a temporary project outside the workspace, and imports each package alone,
// every entry of its exports map (the root and each subpath such as `./stdio`): the way our users consume them.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { installEnv } from "./bootstrap.mjs";
import { packPackages, root } from "./pack-packages.mjs";
import { seedBetterSqlitePrebuild } from "./seed-native-prebuild.mjs";

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
  /^package\/drizzle-postgres\//,
  // Worker-thread modules a package starts by file URL (storage: its synchronous PostgreSQL bridge).
  /^package\/worker\//,
];
const FORBIDDEN = [/\/test\//, /\.test\./, /tsconfig/, /\/src\//, /\.tsbuildinfo$/];

/** The import specifiers of each package's exports map (`./package.json` and `*` patterns left out), by name. */
const entryPoints = {};
/** Problems found while packing (the callback runs before packPackages returns its own list). */
const packProblems = [];
const { tarballs, problems } = await packPackages(packDir, (name, tarball) => {
  const entries = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).trim().split("\n");
  for (const entry of entries) {
    if (!ALLOWED.some((pattern) => pattern.test(entry)) || FORBIDDEN.some((pattern) => pattern.test(entry))) {
      packProblems.push(`${name}: unexpected file in tarball: ${entry}`);
    }
  }
  if (!entries.some((entry) => entry.startsWith("package/dist/")))
    packProblems.push(`${name}: no dist/ in tarball`);
  const packedManifest = JSON.parse(
    execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }),
  );
  entryPoints[name] = Object.keys(packedManifest.exports ?? { ".": null })
    .filter((subpath) => subpath !== "./package.json" && !subpath.includes("*"))
    .map((subpath) => `${name}${subpath.slice(1)}`);
  for (const section of ["dependencies", "peerDependencies"]) {
    for (const [dependency, range] of Object.entries(packedManifest[section] ?? {})) {
      if (/^(workspace|catalog):/.test(range))
        packProblems.push(`${name}: ${section}.${dependency} left as ${range}`);
    }
  }
  console.log(`packed ${name}: ${entries.length} files`);
});
problems.push(...packProblems);

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
  console.log(seedBetterSqlitePrebuild());
  const install = spawnSync(
    "npm",
    ["install", "--no-audit", "--no-fund", "--loglevel=error", "--prefer-offline"],
    {
      cwd: project,
      stdio: "inherit",
      env: installEnv(),
    },
  );
  if (install.status !== 0) problems.push("npm install of the packed tarballs failed");
  else {
    for (const entry of Object.keys(tarballs).flatMap((name) => entryPoints[name])) {
      const check = spawnSync(
        "node",
        [
          "--input-type=module",
          "-e",
          `const m = await import(${JSON.stringify(entry)}); if (Object.keys(m).length === 0) { console.error("no exports"); process.exit(1); }`,
        ],
        { cwd: project, encoding: "utf8" },
      );
      if (check.status !== 0)
        problems.push(`${entry}: import failed in a fresh project: ${check.stderr.trim()}`);
      else console.log(`imported ${entry} alone: ok`);
    }
    // Subpath entries users import on their own (Node-only parts behind a subpath).
    for (const subpath of ["@mono-agent/sandbox/node"]) {
      const check = spawnSync(
        "node",
        [
          "--input-type=module",
          "-e",
          `const m = await import(${JSON.stringify(subpath)}); if (Object.keys(m).length === 0) process.exit(1);`,
        ],
        { cwd: project, encoding: "utf8" },
      );
      if (check.status !== 0)
        problems.push(`${subpath}: import failed in a fresh project: ${check.stderr.trim()}`);
      else console.log(`imported ${subpath} alone: ok`);
    }
    const bin = spawnSync("npx", ["--no-install", "mono-agent", "--help"], {
      cwd: project,
      encoding: "utf8",
    });
    if (tarballs["@mono-agent/agent"] && bin.status !== 0)
      problems.push(`mono-agent --help failed: ${bin.stderr}`);
    // The bundled CLI from its tarball, end to end: init a folder, validate it, and run the demo model through
    // the example MCP server (migration folders, worker files and native modules found from the install).
    if (tarballs["@mono-agent/agent"]) {
      const cli = (args, cwd) =>
        spawnSync("npx", ["--no-install", "mono-agent", ...args], {
          cwd,
          encoding: "utf8",
          env: { ...process.env, HOME: project },
        });
      const init = cli(["init", "agent"], project);
      const agentFolder = join(project, "agent");
      const validate = init.status === 0 ? cli(["validate"], agentFolder) : init;
      const run = validate.status === 0 ? cli(["run", "What is 17 * 23?"], agentFolder) : validate;
      if (run.status !== 0 || !run.stdout.includes("391"))
        problems.push(`init, validate and run from the tarball failed: ${run.stdout}\n${run.stderr}`);
      else console.log("mono-agent init, validate and run from the tarball: ok (391)");
    }
  }
} finally {
  rmSync(project, { recursive: true, force: true });
}

if (problems.length > 0) {
  console.error(`\npack check found ${problems.length} problem(s):\n- ${problems.join("\n- ")}`);
  process.exitCode = 1;
} else
  console.log(`pack check: ${Object.keys(tarballs).length} packages packed, installed and imported alone`);
