import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, test } from "vitest";
import { ContinuationError } from "../src/index.js";
import { assertTransition } from "../src/continuation-states.js";
import { parseClaimBody, parseResultBody } from "../src/protocol-bodies.js";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

describe("the root entry", () => {
  test("imports nothing Node-only: node:*, better-sqlite3, drizzle and the node/ folder stay on the subpaths", () => {
    // node.ts and postgres.ts are the entries of ./node and ./postgres.
    const subpathEntries = new Set(["node.ts", "postgres.ts"]);
    const rootFiles = readdirSync(SRC).filter((name) => name.endsWith(".ts") && !subpathEntries.has(name));
    for (const name of rootFiles) {
      const text = readFileSync(join(SRC, name), "utf8");
      expect(text, name).not.toMatch(/from "node:|better-sqlite3|drizzle-orm|\.\/node\//);
    }
  });

  test("bad bodies get typed errors naming the field and what is accepted", () => {
    const now = Date.now();
    const error = (() => {
      try {
        parseClaimBody({ taskKey: "", taskHash: "h", deadline: now + 1000 }, now);
      } catch (caught) {
        return caught;
      }
    })();
    expect(ContinuationError.isInstance(error) && error.code).toBe("invalid_request");
    expect((error as Error).message).toContain("taskKey");
    expect(() =>
      parseClaimBody({ taskKey: "k", taskHash: "h", deadline: now + 31 * 86_400_000 }, now),
    ).toThrow(/30 days/);
    expect(() => parseResultBody({ idempotencyKey: "k" })).toThrow(/no payload/);
    expect(() => assertTransition("delivered", "ready_to_deliver")).toThrow(/terminal/);
  });
});
