import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { CheckLine, LoadedConfig } from "@mono-agent/config";
import { createToolPolicy, evaluateTool, type ToolPolicy } from "@mono-agent/policy";
import type { WebSearchProvider } from "../node/web/web-search-tool.js";

/** Which WebSearch provider answers as the host resolves `tools.webSearch`, or why none does. */
export type WebSearchResolution = { provider: WebSearchProvider } | { unavailable: string };

/** The WebSearch line: which provider answers, or why the tool is not offered. */
function webSearchLine(
  loaded: LoadedConfig,
  policy: ToolPolicy,
  resolveWebSearch: () => WebSearchResolution,
): CheckLine | undefined {
  if (evaluateTool(policy, "WebSearch").decision !== "offered") return undefined;
  const resolved = resolveWebSearch();
  if ("provider" in resolved)
    return {
      status: "ok",
      message: `WebSearch: ${resolved.provider.provider}${resolved.provider.baseUrl ? ` at ${resolved.provider.baseUrl}` : ""}, up to ${resolved.provider.maxResults} results.`,
    };
  const configured = loaded.config.tools.webSearch !== undefined;
  return {
    status: configured ? "warning" : "ok",
    ...(configured ? { code: "web_search_unavailable", jsonPath: "tools.webSearch" } : {}),
    message: `WebSearch is not offered: ${resolved.unavailable}.`,
    ...(configured
      ? { suggestion: 'set the key in the environment, e.g. "apiKey": { "$env": "BRAVE_API_KEY" }' }
      : {}),
  };
}

/** The skills lines: how many skills ReadSkill offers from the skills folders, and each skill skipped and why. */
async function skillsLines(loaded: LoadedConfig, policy: ToolPolicy): Promise<CheckLine[]> {
  if (evaluateTool(policy, "ReadSkill").decision !== "offered") return [];
  const folders = loaded.config.tools.skills.folders;
  const existing = folders
    .map((folder) => resolve(loaded.agentDir, folder))
    .filter((folder) => existsSync(folder));
  // The skills module (and its YAML parser) loads only when there is a folder to read: validate starts fast.
  const found =
    existing.length === 0
      ? { skills: [], problems: [] }
      : await (await import("../skills.js")).discoverSkills(existing);
  const lines: CheckLine[] = [
    {
      status: "ok",
      message:
        found.skills.length > 0
          ? `Skills (ReadSkill): ${found.skills.map((skill) => skill.name).join(", ")}.`
          : `No skills in ${folders.join(", ") || "(no folders)"}: ReadSkill is offered only with skills (or skill:// resources of MCP servers).`,
    },
  ];
  for (const problem of found.problems)
    lines.push({
      status: "warning",
      code: "skill_skipped",
      file: problem.path,
      message: `skill skipped: ${problem.problem}`,
    });
  return lines;
}

/**
 * The built-in tool findings of `mono-agent validate` (Tools & MCP): which provider answers WebSearch (as the
 * host resolves it) and the skills ReadSkill offers, each skipped one with why; none when the policy
 * itself is invalid.
 */
export async function checkBuiltinTools(
  loaded: LoadedConfig,
  options: { resolveWebSearch: () => WebSearchResolution },
): Promise<CheckLine[]> {
  let policy: ToolPolicy;
  try {
    const { allowedTools, disallowedTools } = loaded.config.tools;
    policy = createToolPolicy({ allowedTools, disallowedTools });
  } catch {
    return [];
  }
  const search = webSearchLine(loaded, policy, options.resolveWebSearch);
  return [...(search ? [search] : []), ...(await skillsLines(loaded, policy))];
}
