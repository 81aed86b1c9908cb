import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

describe("the public surface of @mono-agent/interaction", () => {
  test("the root entry never loads SQLite, PostgreSQL or drizzle: the stores stay on ./sqlite and ./postgres", () => {
    const rootFiles = readdirSync(SRC).filter(
      (name) => name.endsWith(".ts") && name !== "sqlite.ts" && name !== "postgres.ts",
    );
    for (const name of rootFiles) {
      const text = readFileSync(join(SRC, name), "utf8");
      expect(text, name).not.toMatch(
        /better-sqlite3|drizzle-orm|@mono-agent\/storage|\.\/(sqlite|postgres)\//,
      );
    }
  });

  test("the root entry never loads HTTP or MCP code: the bridge and AskUser server stay on ./node", () => {
    const rootFiles = readdirSync(SRC).filter((name) => name.endsWith(".ts") && name !== "node.ts");
    for (const name of rootFiles) {
      const text = readFileSync(join(SRC, name), "utf8");
      expect(text, name).not.toMatch(
        /from "(hono|@hono\/|@modelcontextprotocol\/|@mono-agent\/http-kit)|\.\/node\//,
      );
    }
  });
});
