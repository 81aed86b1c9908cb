import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

test("the root entry never imports Node-only code: node: builtins sit behind @mono-agent/sandbox/node", () => {
  for (const name of readdirSync(SRC).filter((file) => file.endsWith(".ts"))) {
    expect(readFileSync(`${SRC}${name}`, "utf8"), name).not.toMatch(/from "(node:|\.\/node\/|picomatch)/);
  }
  const manifest = JSON.parse(
    readFileSync(fileURLToPath(new URL("../package.json", import.meta.url)), "utf8"),
  );
  expect(Object.keys(manifest.exports)).toEqual([".", "./check", "./node", "./package.json"]);
});
