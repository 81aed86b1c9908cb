import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

describe("the public surface of @mono-agent/web-console", () => {
  test("the root entry imports nothing Node-only: node:*, SQLite, drizzle, hono and node/ stay on ./node and ./postgres", () => {
    const rootFiles = readdirSync(SRC).filter(
      (name) => name.endsWith(".ts") && name !== "node.ts" && name !== "postgres.ts",
    );
    for (const name of rootFiles) {
      const text = readFileSync(join(SRC, name), "utf8");
      expect(text, name).not.toMatch(/from "node:|better-sqlite3|drizzle-orm|from "hono|http-kit|\.\/node\//);
    }
  });
});
