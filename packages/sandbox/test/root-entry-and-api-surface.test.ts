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
  expect(Object.keys(manifest.exports)).toEqual([".", "./node", "./package.json"]);
});

test("the public API is exactly these names (an addition is an API decision)", async () => {
  expect(Object.keys(await import("../src/index.js")).sort()).toEqual([
    "SandboxError",
    "allowlistAllowsHost",
    "mergeSandboxPolicy",
  ]);
  expect(Object.keys(await import("../src/node/index.js")).sort()).toEqual([
    "BUBBLEWRAP_INSTALL_HINT",
    "createDenyWriteMatcher",
    "matchesDenyWrite",
    "openHostProcessLedger",
    "prepareSandboxedCommand",
    "probeSandboxEngine",
    "reapHostProcessLeftovers",
    "spawnProcessGroup",
    "startSandboxedProcess",
  ]);
});
