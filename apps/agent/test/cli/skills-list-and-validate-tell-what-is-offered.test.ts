import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "./run-cli.js";

function agentFolder(tools: Record<string, unknown> = {}): string {
  const agentDir = realpathSync(mkdtempSync(join(tmpdir(), "skills-cli-")));
  writeFileSync(
    join(agentDir, "mono-agent.config.json"),
    JSON.stringify({ runtime: { model: "demo:demo" }, tools }),
  );
  mkdirSync(join(agentDir, "skills", "tide-report"), { recursive: true });
  writeFileSync(
    join(agentDir, "skills", "tide-report", "SKILL.md"),
    "---\nname: tide-report\ndescription: Report the tides.\n---\nBody.\n",
  );
  mkdirSync(join(agentDir, ".claude", "skills", "no-front-matter"), { recursive: true });
  writeFileSync(join(agentDir, ".claude", "skills", "no-front-matter", "SKILL.md"), "just text");
  return agentDir;
}

describe("mono-agent skills list", () => {
  it("lists the skills of the skills folders and each one skipped and why", () => {
    const cwd = agentFolder();
    const text = runCli(["skills", "list"], { cwd });
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain("tide-report  skills/tide-report\n    Report the tides.");
    expect(text.stdout).toContain(
      "skipped .claude/skills/no-front-matter/SKILL.md: SKILL.md does not start with YAML front matter",
    );
    const json = JSON.parse(runCli(["skills", "list", "--json"], { cwd }).stdout);
    expect(json.skills).toEqual([
      { name: "tide-report", description: "Report the tides.", folder: "skills/tide-report" },
    ]);
    expect(runCli(["skills", "show"], { cwd }).exitCode).toBe(2);
  });
});

describe("validate on the new built-in tools", () => {
  it("says why WebSearch is not offered, and which skills ReadSkill serves", () => {
    const report = JSON.parse(runCli(["validate", "--json"], { cwd: agentFolder() }).stdout);
    const tools = report.sections.find((section: { id: string }) => section.id === "tools");
    const messages = tools.lines.map((line: { message: string }) => line.message);
    expect(messages).toContain(
      "WebSearch is not offered: tools.webSearch is not set (choose brave, tavily or searxng).",
    );
    expect(messages).toContain("Skills (ReadSkill): tide-report.");
    expect(
      messages.some((message: string) => message.startsWith("skill skipped: SKILL.md does not start")),
    ).toBe(true);
  });

  it("warns when the provider's key variable is not set, and names the provider when it is", () => {
    const tools = { webSearch: { provider: "brave", apiKey: { $env: "BRAVE_API_KEY" } } };
    const missing = JSON.parse(runCli(["validate", "--json"], { cwd: agentFolder(tools) }).stdout);
    const line = missing.sections
      .find((section: { id: string }) => section.id === "tools")
      .lines.find((entry: { code?: string }) => entry.code === "web_search_unavailable");
    expect(line.message).toBe(
      "WebSearch is not offered: tools.webSearch.apiKey reads BRAVE_API_KEY, which is not set.",
    );
    const set = runCli(["validate"], { cwd: agentFolder(tools), env: { BRAVE_API_KEY: "k" } });
    expect(set.stdout).toContain("WebSearch: brave, up to 5 results.");
  });
});
