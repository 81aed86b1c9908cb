import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

describe("the public surface of @mono-agent/http-kit", () => {
  test("the root entry imports nothing Node-only: node:* and @hono/node-server stay on ./node", () => {
    const rootFiles = readdirSync(SRC).filter(
      (name) => name.endsWith(".ts") && name !== "node.ts" && name !== "mcp.ts",
    );
    for (const name of rootFiles) {
      const text = readFileSync(join(SRC, name), "utf8");
      expect(text, name).not.toMatch(/from "node:|@hono\/node-server|\.\/node\/|\.\/mcp\//);
    }
  });

  test("the root entry never loads the MCP SDK: request-scoped MCP endpoints stay on ./mcp", () => {
    const rootFiles = readdirSync(SRC).filter((name) => name.endsWith(".ts") && name !== "mcp.ts");
    for (const name of rootFiles) {
      const text = readFileSync(join(SRC, name), "utf8");
      expect(text, name).not.toMatch(/@modelcontextprotocol\//);
    }
  });
});
