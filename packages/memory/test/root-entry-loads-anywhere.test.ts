import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";

const SRC = fileURLToPath(new URL("../src/", import.meta.url));

test("the root entry never imports Node-only code: better-sqlite3, node: builtins and files sit behind @mono-agent/memory/lite", () => {
  const rootFiles = readdirSync(SRC).filter((name) => name.endsWith(".ts"));
  for (const name of rootFiles) {
    const text = readFileSync(`${SRC}${name}`, "utf8");
    expect(text, name).not.toMatch(
      /from "(node:|better-sqlite3|drizzle-orm|\.\/lite\/|@mono-agent\/evidence\/node)/,
    );
  }
  const manifest = JSON.parse(
    readFileSync(fileURLToPath(new URL("../package.json", import.meta.url)), "utf8"),
  );
  expect(Object.keys(manifest.exports)).toEqual([
    ".",
    "./lite",
    "./journal",
    "./check",
    "./tools",
    "./package.json",
  ]);
});
