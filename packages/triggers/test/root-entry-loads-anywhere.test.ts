import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const sourceDir = fileURLToPath(new URL("../src", import.meta.url));

describe("the root entry loads in any JS runtime", () => {
  it("no root source file imports a node: module or better-sqlite3 (those sit behind ./sqlite and ./node)", () => {
    for (const file of readdirSync(sourceDir)) {
      if (statSync(join(sourceDir, file)).isDirectory() || file === "sqlite.ts" || file === "node.ts")
        continue;
      const text = readFileSync(join(sourceDir, file), "utf8");
      const specifiers = [...text.matchAll(/from\s+"([^"]+)"/g)].map((match) => match[1]);
      for (const specifier of specifiers)
        expect(specifier, `${file} imports ${specifier}`).toMatch(/^(\.\/|croner$)/);
    }
  });
});
