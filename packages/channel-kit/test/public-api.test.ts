import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as root from "../src/index.js";
import * as sqlite from "../src/sqlite.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot();
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot();
  });
  test("./sqlite", () => {
    expect(Object.keys(sqlite).sort()).toMatchInlineSnapshot();
    expect(exportedNames(join(sourceDir, "sqlite.ts"))).toMatchInlineSnapshot();
  });
});
