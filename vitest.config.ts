import { existsSync, readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { LongestFirstSequencer } from "./scripts/longest-first-sequencer.mjs";

const repoRoot = fileURLToPath(new URL(".", import.meta.url));

/** One project per workspace package with a test/ folder; all share the settings below. */
const projects = ["packages", "apps"].flatMap((group) => {
  const groupDir = join(repoRoot, group);
  if (!existsSync(groupDir)) return [];
  return readdirSync(groupDir)
    .filter((name) => existsSync(join(groupDir, name, "test")))
    .map((name) => ({
      extends: true as const,
      test: { name, root: join(groupDir, name), include: ["test/**/*.test.ts"] },
    }));
});

/**
 * Test files run at once. Vitest's default is one less than the CPUs, which is one on a 2-core CI machine;
 * most of our files wait on child processes, loopback servers and SQLite rather than on the CPU, so two
 * at once on two cores finishes the suite sooner without starving either.
 */
const MAX_WORKERS = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    root: repoRoot,
    projects,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    maxWorkers: MAX_WORKERS,
    env: { PI_OFFLINE: "1" },
    sequence: { sequencer: LongestFirstSequencer },
    // The workspace packages' built output (what apps and other packages import) is loaded by Node as it
    // is, not transformed by Vite: it is plain JavaScript already, and no test mocks modules.
    server: { deps: { external: [/\/(packages|apps)\/[^/]+\/dist\//] } },
  },
});
