// Installs the workspace with the pinned pnpm, on a machine that has only Node and npm.
// Used by the README's two commands (`npm run demo`, `npm test`) and by .ci/run.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { delimiter, dirname } from "node:path";

const PNPM_VERSION = "12.4.2";

/**
 * Returns the argv prefix that runs the pinned pnpm: a global install if it matches, else the pnpm that npx
 * keeps in its cache, resolved once per process tree (each `npx -y pnpm@…` call costs up to ~10 s here, as
 * npx asks the registry first; the resolved file starts in a fraction of a second). The answer is kept in
 * MONO_AGENT_PNPM_ARGV so child scripts (pack-check, setup) reuse it.
 */
export function pnpmCommand() {
  if (process.env.MONO_AGENT_PNPM_ARGV) return JSON.parse(process.env.MONO_AGENT_PNPM_ARGV);
  const argv = resolvePnpm();
  process.env.MONO_AGENT_PNPM_ARGV = JSON.stringify(argv);
  return argv;
}

function resolvePnpm() {
  const probe = spawnSync("pnpm", ["--version"], { encoding: "utf8" });
  if (probe.status === 0 && probe.stdout.trim() === PNPM_VERSION) return ["pnpm"];
  const located = spawnSync("npx", ["-y", "-p", `pnpm@${PNPM_VERSION}`, "-c", "command -v pnpm"], {
    encoding: "utf8",
  });
  const bin = located.status === 0 ? located.stdout.trim().split("\n").pop() : "";
  if (bin && existsSync(bin)) {
    // turbo (and pnpm's own scripts) look for `pnpm` on PATH, as npx would have put it there.
    process.env.PATH = `${dirname(bin)}${delimiter}${process.env.PATH ?? ""}`;
    // pnpm 12 ships a native executable; older lines a JavaScript file run by this Node.
    const file = realpathSync(bin);
    const argv = /\.[cm]?js$/.test(file) ? [process.execPath, file] : [file];
    const version = spawnSync(argv[0], [...argv.slice(1), "--version"], { encoding: "utf8" });
    if (version.status === 0 && version.stdout.trim() === PNPM_VERSION) return argv;
  }
  return ["npx", "-y", `pnpm@${PNPM_VERSION}`];
}

/** Env for installs: better-sqlite3 compiles from source; point node-gyp at the local Node headers when the
 * machine has them, since pnpm does not pass npm's `nodedir` setting on and the network has no headers. */
export function installEnv() {
  // No pnpm/npm "update available" box in the middle of an install log: the pinned versions are deliberate.
  const env = {
    ...process.env,
    TURBO_TELEMETRY_DISABLED: "1",
    npm_config_update_notifier: "false",
    pnpm_config_update_notifier: "false",
    NO_UPDATE_NOTIFIER: "1",
  };
  if (!env.npm_config_nodedir && existsSync("/usr/include/node/node.h")) env.npm_config_nodedir = "/usr";
  return env;
}

export function run(argv, options = {}) {
  const [command, ...args] = argv;
  const result = spawnSync(command, args, { stdio: "inherit", env: installEnv(), ...options });
  return result.status ?? 1;
}

/** Runs a command with its stdout and stderr held together; resolves to `{ status, output }`. */
export function runCaptured(argv, options = {}) {
  const [command, ...args] = argv;
  return new Promise((done) => {
    const child = spawn(command, args, { env: installEnv(), ...options, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => {
      output += chunk;
    });
    child.stderr.on("data", (chunk) => {
      output += chunk;
    });
    child.on("error", (error) => done({ status: 1, output: `${output}${error.message}\n` }));
    child.on("close", (status) => done({ status: status ?? 1, output }));
  });
}

export function bootstrap() {
  const pnpm = pnpmCommand();
  const frozen = process.env.CI ? ["--frozen-lockfile"] : [];
  if (run([...pnpm, "install", ...frozen]) !== 0) throw new Error("pnpm install failed");
  return pnpm;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  bootstrap();
  execFileSync("node", ["-e", "0"]);
}
