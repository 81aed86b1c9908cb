import { relative, resolve } from "node:path";
import { discoverSkills } from "./discover-skills.js";

/** What `mono-agent skills list` prints: `text` (newline-terminated lines) and the `--json` object. */
export interface SkillsListReport {
  text: string;
  json: {
    folders: readonly string[];
    skills: { name: string; description: string; folder: string }[];
    skipped: { path: string; problem: string }[];
  };
}

/**
 * Discovers the skills of `folders` (tools.skills.folders, relative to `agentDir`) and reports each skill
 * and each skipped folder or file with why, paths shown relative to the agent folder.
 */
export async function skillsListReport(
  agentDir: string,
  folders: readonly string[],
): Promise<SkillsListReport> {
  const found = await discoverSkills(folders.map((folder) => resolve(agentDir, folder)));
  const shown = (path: string) => relative(agentDir, path) || ".";
  const skipped = found.problems.map((problem) => ({ path: shown(problem.path), problem: problem.problem }));
  const lines =
    found.skills.length === 0
      ? [`No skills in ${folders.join(", ") || "(no folders: tools.skills.folders is [])"}.`]
      : found.skills.map((skill) => `${skill.name}  ${shown(skill.directory)}\n    ${skill.description}`);
  for (const problem of skipped) lines.push(`skipped ${problem.path}: ${problem.problem}`);
  return {
    text: `${lines.join("\n")}\n`,
    json: {
      folders,
      skills: found.skills.map((skill) => ({
        name: skill.name,
        description: skill.description,
        folder: shown(skill.directory),
      })),
      skipped,
    },
  };
}
