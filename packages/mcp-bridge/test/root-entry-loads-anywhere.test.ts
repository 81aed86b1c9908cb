import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import * as bridge from "../src/index.js";
import { McpBridgeError } from "../src/index.js";

const packageDir = join(import.meta.dirname, "..");
const sourceDir = join(packageDir, "src");

/** Every module reachable from an entry, following relative imports. */
function reachable(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const text = readFileSync(join(sourceDir, entry), "utf8");
  for (const [, target] of text.matchAll(/from "\.\/([^"]+)\.js"/g)) reachable(`${target}.ts`, seen);
  return seen;
}

/** Code without its comment lines. */
function codeOf(module: string): string {
  return readFileSync(join(sourceDir, module), "utf8")
    .split("\n")
    .filter((line) => !/^\s*(\*|\/\/|\/\*\*)/.test(line))
    .join("\n");
}

/** The native modules `child_process` and `net` that importing a built entry loads, in a fresh Node. */
function nativeModulesLoadedBy(entry: string): string[] {
  const script = `await import(${JSON.stringify(join(packageDir, "dist", entry))});
const loaded = process.moduleLoadList.filter((name) => /^NativeModule (child_process|net)$/.test(name));
process.stdout.write(JSON.stringify(loaded));`;
  const child = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  expect(child.stderr).toBe("");
  return JSON.parse(child.stdout) as string[];
}

describe("package shape", () => {
  test("the root entry reaches no node: module and no stdio transport; ./stdio holds them", () => {
    const modules = reachable("index.ts");
    for (const module of [
      "stdio.ts",
      "process-group-stdio-transport.ts",
      "spawn-process-group.ts",
      "node.ts",
      "file-mcp-auth-store.ts",
      "tasks.ts",
      "start-mcp-task-watcher.ts",
      "check.ts",
      "probe.ts",
    ])
      expect(modules.has(module), module).toBe(false);
    for (const module of modules) {
      const code = codeOf(module);
      expect(code, module).not.toMatch(/from "node:|sdk\/client\/stdio|\bprocess\.env\b|globalThis\.process/);
      // The one lazy node: import: saving an oversize output, only when there is one to save.
      if (module !== "limit-tool-output.ts") expect(code, module).not.toMatch(/import\("node:/);
    }
    expect(reachable("stdio.ts").has("process-group-stdio-transport.ts")).toBe(true);
    const packageJson = JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8"));
    expect(Object.keys(packageJson.exports)).toEqual([
      ".",
      "./stdio",
      "./node",
      "./tasks",
      "./check",
      "./probe",
      "./package.json",
    ]);
  });

  test.runIf(existsSync(join(packageDir, "dist", "index.js")))(
    "the built root entry loads neither child_process nor net; ./stdio loads child_process",
    () => {
      expect(nativeModulesLoadedBy("index.js")).toEqual([]);
      expect(nativeModulesLoadedBy("stdio.js")).toContain("NativeModule child_process");
    },
  );

  test("named exports only and one error class with isInstance across copies", () => {
    expect(Object.keys(bridge)).not.toContain("default");
    const error = new McpBridgeError("call_time_limit", "too long");
    expect(McpBridgeError.isInstance(error)).toBe(true);
    expect(error).toMatchObject({ name: "McpBridgeError", code: "call_time_limit", message: "too long" });
    expect(McpBridgeError.isInstance(Object.assign(new Error("x"), { code: "call_failed" }))).toBe(false);
    expect(McpBridgeError.isInstance({ code: "tool_error" })).toBe(false);
    const fromAnotherCopy = {
      [Symbol.for("@mono-agent/mcp-bridge/McpBridgeError")]: true,
      code: "tool_error",
    };
    expect(McpBridgeError.isInstance(fromAnotherCopy)).toBe(true);
  });
});
