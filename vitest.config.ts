import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

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

export default defineConfig({
  test: {
    root: repoRoot,
    projects,
    testTimeout: 30_000,
    hookTimeout: 30_000,
    pool: "forks",
    env: { PI_OFFLINE: "1" },
  },
});
