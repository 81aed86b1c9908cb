import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { makeAgentFolder } from "./agent-folder.js";
import { runCli } from "./run-cli.js";

interface Report {
  ok: boolean;
  sections: {
    id: string;
    label: string;
    status: string;
    lines: { status: string; code?: string; message: string }[];
  }[];
}

describe("validate's Files section", () => {
  test("names the roots, every protected path and the read-only instructions file; warns on a missing root", () => {
    const dir = makeAgentFolder({
      runtime: { model: "demo:demo" },
      tools: { mcpConfigPath: "mcp.json", filesystem: { readableRoots: ["docs", "../no-such-folder"] } },
      memory: { path: "./memory" },
    });
    mkdirSync(join(dir, "docs"));
    writeFileSync(join(dir, "mcp.json"), '{"mcpServers":{}}');
    writeFileSync(join(dir, ".env.local"), "X=1\n");
    writeFileSync(join(dir, "host.env"), "Y=2\n");
    const result = runCli(["validate", "--json", "--env-file", "host.env"], { cwd: dir });
    const report = JSON.parse(result.stdout) as Report;
    const files = report.sections.find((entry) => entry.id === "files");
    expect(files?.label).toBe("Files");
    expect(files?.status).toBe("warning");
    const text = files!.lines.map((line) => line.message).join("\n");
    expect(text).toContain(`File tools read and write the workspace ${dir}.`);
    expect(text).toContain(`File tools also read ${join(dir, "docs")} (tools.filesystem.readableRoots).`);
    expect(files!.lines.find((line) => line.code === "file_tool_root_missing")?.message).toContain(
      "no-such-folder",
    );
    const hidden = files!.lines.find((line) => line.message.startsWith("Host state out of reach"))!.message;
    for (const name of [".mono-agent", "memory", "mono-agent.config.json", "mcp.json", ".env", "host.env"])
      expect(hidden).toContain(name);
    // Env files of the agent folder are protected by name, not listed once: `.env.local` is covered by `.env.*`.
    expect(hidden).toContain(
      "by name whenever they appear (checked on every call, Bash included): .env, .env.* in",
    );
    expect(text).toContain("Read-only for the file tools: AGENTS.md (the instructions file).");
  });

  test("warns when the workspace lies inside protected state, and prints the section in the text report", () => {
    const dir = makeAgentFolder({
      runtime: { model: "demo:demo", workspace: "memory" },
      memory: { path: "./memory" },
    });
    mkdirSync(join(dir, "memory"));
    const result = runCli(["validate"], { cwd: dir });
    expect(result.stdout).toMatch(/\[warn\] +Files/);
    expect(result.stdout).toContain("every file tool call will be refused");
  });
});
