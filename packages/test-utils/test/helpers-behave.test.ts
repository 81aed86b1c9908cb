import { spawn } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import {
  builtinModulesLoadedBy,
  exportedNames,
  liveProcesses,
  processesWith,
  removeTempDirs,
  tempDir,
  waitFor,
} from "../src/index.js";

describe("test-utils", () => {
  test("waitFor returns the first value the probe yields and names what timed out", async () => {
    let calls = 0;
    expect(
      await waitFor(() => (++calls >= 3 ? `after ${calls}` : undefined), { what: "x", intervalMs: 1 }),
    ).toBe("after 3");
    await expect(
      waitFor(() => false, { what: () => "the door", timeoutMs: 30, intervalMs: 5 }),
    ).rejects.toThrow("timed out after 30 ms waiting for the door");
  });

  test("processesWith and liveProcesses find a live child by its command line, and not once it is gone", async () => {
    // A sleep's only argument is its duration; the fraction digits make it this test's own.
    const marker = `30.${process.pid}77`;
    const child = spawn("sleep", [marker], { stdio: "ignore" });
    await waitFor(() => processesWith(marker).length === 1, { what: "the sleep to start" });
    expect(processesWith(marker, { onlySleep: true })).toEqual([child.pid]);
    expect(liveProcesses((argv) => argv[0] === "sleep" && argv[1] === marker)).toEqual([child.pid]);
    expect(liveProcesses((argv) => argv[0] === "node" && argv.includes(marker))).toEqual([]);
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    expect(processesWith(marker)).toEqual([]);
  });

  test("tempDir makes real directories that removeTempDirs deletes", () => {
    const dir = tempDir("test-utils-");
    expect(existsSync(dir)).toBe(true);
    removeTempDirs();
    expect(existsSync(dir)).toBe(false);
  });

  test("exportedNames lists values and types, and refuses export *", () => {
    const dir = tempDir();
    const entry = join(dir, "index.ts");
    writeFileSync(entry, 'export { b, type A } from "./a.js";\nexport const c = 1;\nexport interface D {}\n');
    expect(exportedNames(entry)).toEqual(["A", "D", "b", "c"]);
    writeFileSync(entry, 'export * from "./a.js";\n');
    expect(() => exportedNames(entry)).toThrow("export *");
  });

  test("builtinModulesLoadedBy sees a module the import loads", () => {
    const file = join(tempDir(), "uses-net.mjs");
    writeFileSync(file, 'import "node:net";\n');
    expect(builtinModulesLoadedBy(file)).toContain("node:net");
  });
});
