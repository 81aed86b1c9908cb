import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadMonoAgentConfig } from "@mono-agent/config";
import type { MemoryAvailability } from "@mono-agent/policy";
import { tempDir } from "@mono-agent/test-utils";
import { describe, expect, it } from "vitest";
import { checkBuiltinTools, checkToolPolicy } from "../src/check.js";

const NO_MEMORY: MemoryAvailability = {
  configured: false,
  recallEnabled: false,
  rememberEnabled: false,
  supportsRemember: false,
  supportsJournalBrowse: false,
  readOnly: false,
};

async function loadIn(config: Record<string, unknown>, cwd = tempDir("tools-check-")) {
  return loadMonoAgentConfig({ config, cwd, env: {} });
}

describe("checkToolPolicy", () => {
  it("is ok when every tool is allowed", async () => {
    expect(checkToolPolicy(await loadIn({}), { memory: NO_MEMORY })).toEqual([
      { status: "ok", message: "All tools allowed." },
    ]);
  });

  it("warns of an unknown tool name and suggests the closest one", async () => {
    const lines = checkToolPolicy(await loadIn({ tools: { allowedTools: ["Raed"] } }), { memory: NO_MEMORY });
    expect(lines[1]).toMatchObject({
      status: "warning",
      code: "unknown_tool_name",
      jsonPath: "tools.allowedTools",
      suggestion: 'did you mean "Read"?',
    });
  });

  it("is an error for a tool both allowed and disallowed", async () => {
    const loaded = await loadIn({ tools: { allowedTools: ["Read"], disallowedTools: ["Read"] } });
    const lines = checkToolPolicy(loaded, { memory: NO_MEMORY });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ status: "error", jsonPath: "tools.allowedTools" });
  });
});

describe("checkBuiltinTools", () => {
  it("says why WebSearch is not offered and lists the skills found, each skipped one with why", async () => {
    const cwd = tempDir("tools-check-");
    const loaded = await loadIn({ tools: { skills: { folders: ["skills"] } } }, cwd);
    mkdirSync(join(cwd, "skills", "deploy"), { recursive: true });
    writeFileSync(
      join(cwd, "skills", "deploy", "SKILL.md"),
      "---\nname: deploy\ndescription: Deploy the app.\n---\nSteps.\n",
    );
    mkdirSync(join(cwd, "skills", "broken"), { recursive: true });
    writeFileSync(join(cwd, "skills", "broken", "SKILL.md"), "no front matter\n");
    const lines = await checkBuiltinTools(loaded, {
      resolveWebSearch: () => ({ unavailable: "tools.webSearch is not set" }),
    });
    expect(lines[0]).toEqual({
      status: "ok",
      message: "WebSearch is not offered: tools.webSearch is not set.",
    });
    expect(lines[1]).toEqual({ status: "ok", message: "Skills (ReadSkill): deploy." });
    expect(lines[2]).toMatchObject({ status: "warning", code: "skill_skipped" });
  });

  it("warns when a configured WebSearch has no provider", async () => {
    const loaded = await loadIn({
      tools: { webSearch: { provider: "brave", apiKey: { $env: "BRAVE_API_KEY" } } },
    });
    const lines = await checkBuiltinTools(loaded, {
      resolveWebSearch: () => ({ unavailable: "BRAVE_API_KEY is not set" }),
    });
    expect(lines[0]).toMatchObject({
      status: "warning",
      code: "web_search_unavailable",
      jsonPath: "tools.webSearch",
    });
  });
});
