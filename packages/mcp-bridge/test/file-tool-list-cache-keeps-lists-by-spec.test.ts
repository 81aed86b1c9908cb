import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Tool as McpTool } from "@modelcontextprotocol/client";
import { describe, expect, it } from "vitest";
import { createFileMcpToolListCache, TOOL_LIST_CACHE_MAX_BYTES } from "../src/file-mcp-tool-list-cache.js";
import { fixtureSpec, useTempDir } from "./fixtures/bridge-test-kit.js";

const TOOLS: McpTool[] = [{ name: "echo", inputSchema: { type: "object", properties: {} } }];

describe("the file tool-list cache keeps one private file per server spec", () => {
  const dir = useTempDir();

  it("a written list reads back for the same spec only; no env value is written", () => {
    const folder = join(dir.path, "lists");
    const cache = createFileMcpToolListCache(folder);
    const spec = fixtureSpec("fixture", "stdio-server.mjs", [], { env: { TOKEN: "secret-value-9" } });
    expect(cache.read(spec)).toBeUndefined();
    cache.write(spec, TOOLS);
    expect(cache.read(spec)).toEqual(TOOLS);
    expect(cache.read({ ...spec, env: { TOKEN: "another-value" } })).toBeUndefined();
    const [file] = readdirSync(folder);
    expect(file).toMatch(/^[0-9a-f]{32}\.json$/);
    const path = join(folder, file ?? "");
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(readFileSync(path, "utf8")).not.toContain("secret-value-9");
    writeFileSync(path, "{ damaged");
    expect(cache.read(spec)).toBeUndefined();
  });

  it("a list larger than the bound is not kept", () => {
    const cache = createFileMcpToolListCache(join(dir.path, "big"));
    const spec = fixtureSpec("big", "stdio-server.mjs");
    cache.write(spec, [{ ...TOOLS[0], description: "x".repeat(TOOL_LIST_CACHE_MAX_BYTES) } as McpTool]);
    expect(cache.read(spec)).toBeUndefined();
  });
});
