import { readFileSync } from "node:fs";
import { expect, test } from "vitest";
import * as root from "../src/index.js";
import { ToolError } from "../src/index.js";

test("the root entry is light (ToolError, isInsideDirectory); the tools are on ./node, skills on ./skills", () => {
  expect(Object.keys(root).sort()).toEqual(["ToolError", "isInsideDirectory"]);
  const manifest = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  expect(Object.keys(manifest.exports)).toEqual([".", "./node", "./skills", "./check", "./package.json"]);
  const source = readFileSync(new URL("../src/index.ts", import.meta.url), "utf8");
  expect(source).not.toMatch(/from "\.\/node\//);
});

test("ToolError is recognised across copies by isInstance, with a stable code", () => {
  const error = new ToolError("url_refused", "nope");
  expect(ToolError.isInstance(error)).toBe(true);
  expect(ToolError.isInstance(new Error("x"))).toBe(false);
  expect(error.code).toBe("url_refused");
});
