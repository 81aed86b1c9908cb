// Installs the workspace with the pinned pnpm, on a machine that has only Node and npm.
// Used by the README's two commands (`npm run demo`, `npm test`) and by .ci/run.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const PNPM_VERSION = "12.4.2";

/** Returns the argv prefix that runs the pinned pnpm: a global install if it matches, else npx. */
export function pnpmCommand() {
  const probe = spawnSync("pnpm", ["--version"], { encoding: "utf8" });
  if (probe.status === 0 && probe.stdout.trim() === PNPM_VERSION) return ["pnpm"];
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
