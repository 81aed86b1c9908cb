import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const sourceDir = fileURLToPath(new URL("../src", import.meta.url));

/** Packages the policy may import: pure JavaScript with no dependency and no node: import. */
const PURE_PACKAGES = ["leven"];

describe("the root entry loads in any JS runtime", () => {
  it("no source file imports a node: module or a package other than pure leven", () => {
    for (const file of readdirSync(sourceDir)) {
      const text = readFileSync(join(sourceDir, file), "utf8");
      const specifiers = [...text.matchAll(/from\s+"([^"]+)"/g)].map((match) => match[1]);
      for (const specifier of specifiers)
        if (!PURE_PACKAGES.includes(specifier!)) expect(specifier, `${file} imports ${specifier}`).toMatch(/^\.\//);
    }
  });
});
