import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { builtinModulesLoadedBy, exportedNames, removeTempDirs, tempDir, waitFor } from "../src/index.js";

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
