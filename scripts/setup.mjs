// `npm run setup`: builds mono-agent from this clone and installs the `mono-agent` command from the packed
// tarballs (exactly what npm would install once published), then checks `mono-agent --version`.
//   node scripts/setup.mjs [--prefix DIR]   (default: npm's global prefix; the command goes in DIR/bin)
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { basename, delimiter, join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { installEnv, pnpmCommand } from "./bootstrap.mjs";
import { packPackages, root } from "./pack-packages.mjs";
import { seedBetterSqlitePrebuild } from "./seed-native-prebuild.mjs";

/** How often a long step says it is still working, in ms (a silent minute looks like a hang). */
const HEARTBEAT_MS = 15_000;

const { values } = parseArgs({ options: { prefix: { type: "string" }, help: { type: "boolean" } } });
if (values.help) {
  console.log(
    "usage: npm run setup [-- --prefix DIR]\n\nBuilds this clone and installs the mono-agent command into DIR/bin (default: npm's global prefix).",
  );
  process.exit(0);
}

const steps = 4;
let stepNumber = 0;
const step = (text) => console.log(`\n[setup ${++stepNumber}/${steps}] ${text}`);
const fail = (text) => {
  console.error(`\nsetup failed: ${text}`);
  process.exit(1);
};

/** Runs a command with inherited output, printing a heartbeat while it runs. */
function runWithHeartbeat(argv, options, label) {
  return new Promise((resolvePromise) => {
    const started = Date.now();
    const child = spawn(argv[0], argv.slice(1), { stdio: "inherit", env: installEnv(), ...options });
    const timer = setInterval(
      () => console.log(`  ... still ${label} (${Math.round((Date.now() - started) / 1000)} s)`),
      HEARTBEAT_MS,
    );
    child.on("close", (code) => {
      clearInterval(timer);
      resolvePromise(code ?? 1);
    });
  });
}

const pnpm = pnpmCommand();
step("installing the workspace's dependencies (pnpm install)");
const frozen = process.env.CI ? ["--frozen-lockfile"] : [];
if ((await runWithHeartbeat([...pnpm, "install", ...frozen], { cwd: root }, "installing")) !== 0)
  fail("pnpm install failed (see above)");

step("building every package (turbo; one line per package)");
if (
  (await runWithHeartbeat(
    [...pnpm, "exec", "turbo", "run", "build", "--output-logs=hash-only"],
    { cwd: root },
    "building",
  )) !== 0
)
  fail("the build failed (see above)");

step("packing the packages (as npm publish would)");
const packDir = join(root, ".ci", "setup-pack");
const { tarballs, problems } = await packPackages(packDir, (name) => console.log(`  packed ${name}`));
if (problems.length > 0) fail(problems.join("\n"));

const npmPrefix = () => spawnSync("npm", ["prefix", "-g"], { encoding: "utf8" }).stdout.trim();
const prefix = resolve(values.prefix ?? npmPrefix());
const installDir = join(prefix, "lib", "mono-agent");
const binDir = join(prefix, "bin");
step(`installing mono-agent into ${installDir} (npm)`);
console.log(`  ${seedBetterSqlitePrebuild()}`);
rmSync(installDir, { recursive: true, force: true });
mkdirSync(join(installDir, "tarballs"), { recursive: true });
const local = Object.fromEntries(
  Object.entries(tarballs).map(([name, file]) => {
    const copy = join(installDir, "tarballs", basename(file));
    copyFileSync(file, copy);
    return [name, `file:./tarballs/${basename(file)}`];
  }),
);
writeFileSync(
  join(installDir, "package.json"),
  `${JSON.stringify({ name: "mono-agent-cli", private: true, dependencies: { "@mono-agent/agent": local["@mono-agent/agent"] }, overrides: local }, null, 2)}\n`,
);
const npmInstall = [
  "npm",
  "install",
  "--omit=dev",
  "--no-audit",
  "--no-fund",
  "--loglevel=error",
  "--no-update-notifier",
  "--prefer-offline",
];
if ((await runWithHeartbeat(npmInstall, { cwd: installDir }, "installing")) !== 0)
  fail(`npm install in ${installDir} failed (see above)`);
mkdirSync(binDir, { recursive: true });
const bin = join(binDir, "mono-agent");
rmSync(bin, { force: true });
symlinkSync(join(installDir, "node_modules", "@mono-agent", "agent", "bin", "mono-agent.js"), bin);

const version = spawnSync(bin, ["--version"], { encoding: "utf8" });
if (version.status !== 0) fail(`${bin} --version failed: ${version.stderr}`);
const expected = JSON.parse(readFileSync(join(root, "apps", "agent", "package.json"), "utf8")).version;
if (version.stdout.trim() !== expected)
  fail(`${bin} --version printed ${version.stdout.trim()}, expected ${expected}`);
const onPath = (process.env.PATH ?? "").split(delimiter).some((folder) => resolve(folder) === binDir);
console.log(`\nmono-agent ${expected} is installed: ${bin}`);
console.log(
  onPath
    ? 'Next: mono-agent init my-agent && cd my-agent && mono-agent validate --connect && mono-agent run "What is 17 * 23?"'
    : `${binDir} is not on your PATH: add it (export PATH="${binDir}${delimiter}$PATH"), then run mono-agent init my-agent`,
);
