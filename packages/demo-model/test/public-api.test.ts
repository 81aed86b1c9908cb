import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as root from "../src/index.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what a host uses; keep limits and helpers internal.
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot(`
      [
        "DEMO_API",
        "DEMO_MODEL_REFS",
        "DEMO_PROVIDER",
        "demoModel",
        "demoProvider",
        "planDemoReply",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "DEMO_API",
        "DEMO_MODEL_REFS",
        "DEMO_PROVIDER",
        "DemoReply",
        "demoModel",
        "demoProvider",
        "planDemoReply",
      ]
    `);
  });
});
