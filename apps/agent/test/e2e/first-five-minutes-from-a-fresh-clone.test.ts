import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, test } from "vitest";

/**
 * The newcomer's path, as processes: a fresh clone, `npm run setup`, then in a fresh HOME
 * `mono-agent init x && cd x && mono-agent validate --connect && mono-agent run "What is 17 * 23?"`.
 * It builds and installs the whole project (minutes), so it runs in CI (CI=true) or with
 * MONO_AGENT_FRESH_CLONE_TEST=1. It shares the package caches with this machine (pnpm store, npm
 * cache, turbo cache): the clone and HOME are fresh, nothing is fetched that was fetched before.
 */
const ENABLED = Boolean(process.env.CI || process.env.MONO_AGENT_FRESH_CLONE_TEST);
/** Bound on the whole setup in the clone: install, build, pack and npm install on a loaded 2-core machine. */
const SETUP_TIMEOUT_MS = 15 * 60_000;

const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));
const work = mkdtempSync(join(tmpdir(), "mono-agent-fresh-clone-"));

afterAll(() => rmSync(work, { recursive: true, force: true }), 120_000);

function sharedCaches(): Record<string, string> {
  const npmCache = spawnSync("npm", ["config", "get", "cache"], { encoding: "utf8" }).stdout.trim();
  const store = spawnSync("npx", ["-y", "pnpm@12.4.2", "store", "path"], {
    cwd: repoRoot,
    encoding: "utf8",
  }).stdout.trim();
  const commonGit = execFileSync("git", ["rev-parse", "--path-format=absolute", "--git-common-dir"], {
    cwd: repoRoot,
    encoding: "utf8",
  }).trim();
  const turboCache = [join(repoRoot, ".turbo", "cache"), join(dirname(commonGit), ".turbo", "cache")].find(
    (dir) => existsSync(dir),
  );
  return {
    ...(npmCache ? { npm_config_cache: npmCache } : {}),
    ...(store ? { npm_config_store_dir: store, pnpm_config_store_dir: store } : {}),
    ...(turboCache ? { TURBO_CACHE_DIR: turboCache } : {}),
  };
}

describe.runIf(ENABLED)("the first five minutes, from a fresh clone in a fresh HOME", () => {
  test(
    'npm run setup, then init, validate --connect and run "What is 17 * 23?" answer 391 through calculate',
    () => {
      const clone = join(work, "clone");
      const home = join(work, "home");
      const prefix = join(work, "prefix");
      mkdirSync(home);
      execFileSync("git", ["clone", "--quiet", repoRoot, clone]);
      const env: Record<string, string> = {
        PATH: [join(prefix, "bin"), dirname(process.execPath), "/usr/local/bin", "/usr/bin", "/bin"].join(
          delimiter,
        ),
        HOME: home,
        TURBO_TELEMETRY_DISABLED: "1",
        ...(process.env.CI ? { CI: process.env.CI } : {}),
        ...sharedCaches(),
      };
      const setup = spawnSync("npm", ["run", "setup", "--", "--prefix", prefix], {
        cwd: clone,
        env,
        encoding: "utf8",
        timeout: SETUP_TIMEOUT_MS,
      });
      expect(setup.status, `${setup.stdout}\n${setup.stderr}`).toBe(0);
      expect(setup.stdout).toContain("[setup 2/4] building every package");
      expect(setup.stdout).toContain("packed @mono-agent/agent");
      expect(`${setup.stdout}${setup.stderr}`).not.toMatch(/Update available/i);

      const userEnv = { PATH: env.PATH!, HOME: home };
      const cli = (args: string[], cwd: string) =>
        spawnSync("mono-agent", args, { cwd, env: userEnv, encoding: "utf8", timeout: 120_000 });
      const version = cli(["--version"], home);
      expect(version.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);

      expect(cli(["init", "x"], home).status).toBe(0);
      const agent = join(home, "x");
      const validate = cli(["validate", "--connect"], agent);
      expect(validate.status, validate.stdout + validate.stderr).toBe(0);
      expect(validate.stdout).toMatch(/MCP server example-tools: connected in \d+ ms/);

      const run = cli(["run", "What is 17 * 23?"], agent);
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toContain('mcp__example-tools__calculate {"expression":"17 * 23"}');
      expect(run.stdout).toContain("17 * 23 = 391");
    },
    SETUP_TIMEOUT_MS + 5 * 60_000,
  );
});
