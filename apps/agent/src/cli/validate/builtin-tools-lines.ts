import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { createToolPolicy, evaluateTool, type ToolPolicy } from "@mono-agent/policy";
import { resolveWebSearchProvider } from "../../app/tools/web-search-provider.js";
import type { CheckLine } from "./validate-report.js";

/** The WebSearch line: which provider answers, or why the tool is not offered. */
export function webSearchLine(
  loaded: LoadedConfig,
  policy: ToolPolicy,
  env: EnvRecord,
): CheckLine | undefined {
  if (evaluateTool(policy, "WebSearch").decision !== "offered") return undefined;
  const resolved = resolveWebSearchProvider(loaded, env);
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
export async function skillsLines(loaded: LoadedConfig, policy: ToolPolicy): Promise<CheckLine[]> {
  if (evaluateTool(policy, "ReadSkill").decision !== "offered") return [];
  const folders = loaded.config.tools.skills.folders;
  const existing = folders
    .map((folder) => resolve(loaded.agentDir, folder))
    .filter((folder) => existsSync(folder));
  // The skills module (and its YAML parser) loads only when there is a folder to read: validate starts fast.
  const found =
    existing.length === 0
      ? { skills: [], problems: [] }
      : await (await import("@mono-agent/tools/skills")).discoverSkills(existing);
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

/** The WebSearch and skills lines of the Tools & MCP section (none when the policy itself is invalid). */
export async function builtinToolLines(
  loaded: LoadedConfig | undefined,
  env: EnvRecord,
): Promise<CheckLine[]> {
  if (!loaded) return [];
  let policy: ToolPolicy;
  try {
    const { allowedTools, disallowedTools } = loaded.config.tools;
    policy = createToolPolicy({ allowedTools, disallowedTools });
  } catch {
    return [];
  }
  const search = webSearchLine(loaded, policy, env);
  return [...(search ? [search] : []), ...(await skillsLines(loaded, policy))];
}
