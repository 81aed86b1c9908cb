import { mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { describe, expect, test } from "vitest";
import { runCli } from "./run-cli.js";

describe("mono-agent init", () => {
  test("writes no path of this machine, and each $schema resolves offline inside the folder", () => {
    const root = mkdtempSync(join(tmpdir(), "init-portable-"));
    const result = runCli(["init", "agent"], { cwd: root });
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain("mono-agent validate --connect");
    const dir = join(root, "agent");
    const require = createRequire(import.meta.url);
    for (const [file, schema] of [
      ["mcp.json", "mcp.schema.json"],
      ["mono-agent.config.json", "mono-agent.config.schema.json"],
    ] as const) {
      const text = readFileSync(join(dir, file), "utf8");
      expect(text).not.toContain(root);
      expect(text).not.toContain(process.execPath);
      const { $schema } = JSON.parse(text) as { $schema: string };
      expect($schema).toBe(`./schemas/${schema}`);
      const local = readFileSync(resolve(dirname(join(dir, file)), $schema), "utf8");
      expect(local).toBe(readFileSync(require.resolve(`@mono-agent/config/schema/${schema}`), "utf8"));
    }
    expect(JSON.parse(readFileSync(join(dir, "mcp.json"), "utf8")).mcpServers).toEqual({
      "example-tools": { command: "mono-agent", args: ["mcp-example"] },
    });
  });

  test("without mono-agent on PATH, validate names the command and how to install it", () => {
    const root = mkdtempSync(join(tmpdir(), "init-no-path-"));
    runCli(["init", "agent"], { cwd: root });
    const result = runCli(["validate", "--json"], {
      cwd: join(root, "agent"),
      env: { PATH: dirname(process.execPath) },
    });
    expect(result.exitCode).toBe(1);
    const report = JSON.parse(result.stdout) as {
      sections: { id: string; lines: { code?: string; suggestion?: string }[] }[];
    };
    const line = report.sections
      .find((entry) => entry.id === "tools")!
      .lines.find((entry) => entry.code === "mcp_command_not_found");
    expect(line?.suggestion).toContain("npm run setup");
  });
});
