import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

describe("the public surface of @mono-agent/http-kit", () => {
  test("the root entry imports nothing Node-only: node:* and @hono/node-server stay on ./node", () => {
    const rootFiles = readdirSync(SRC).filter((name) => name.endsWith(".ts") && name !== "node.ts");
    for (const name of rootFiles) {
      const text = readFileSync(join(SRC, name), "utf8");
      expect(text, name).not.toMatch(/from "node:|@hono\/node-server|\.\/node\//);
    }
  });

  test("exports exactly these names (a new export is an API decision)", async () => {
    expect(Object.keys(await import("../src/index.js")).sort()).toEqual([
      "HttpKitError",
      "JSON_BODY_MAX_DEPTH",
      "NO_STORE_HEADERS",
      "bearerToken",
      "exactHost",
      "jsonError",
      "jsonNestingDepth",
      "loopbackHostNames",
      "noStoreHeaders",
      "parseJsonText",
      "readBodyBytes",
      "readBodyText",
      "readJsonBody",
    ]);
    expect(Object.keys(await import("../src/node.js")).sort()).toEqual(["startHttpServer"]);
  });
});
