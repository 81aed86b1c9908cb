import { constants } from "node:fs";
import { lstat, open, readdir } from "node:fs/promises";
import { basename, join } from "node:path";

/** Largest SKILL.md read (256 KiB: the format asks for under 500 lines; a bigger one is refused). */
export const SKILL_FILE_MAX_BYTES = 256 * 1024;

/** Most skills offered in one run (each costs a line of the system prompt). */
export const SKILLS_MAX = 100;

/** A skill found in a skills folder. */
export interface LocalSkill {
  name: string;
  description: string;
  /** The skill's own folder (absolute): ReadSkill reads files below it only. */
  directory: string;
}

/** What {@link discoverSkills} found, and what it skipped and why (for `validate` and `skills list`). */
export interface DiscoveredSkills {
  skills: LocalSkill[];
  problems: { path: string; problem: string }[];
}

async function readSkillFile(path: string): Promise<string> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    const stats = await handle.stat();
    if (!stats.isFile()) throw new Error("SKILL.md is not a regular file");
    if (stats.size > SKILL_FILE_MAX_BYTES)
      throw new Error(`SKILL.md is larger than ${SKILL_FILE_MAX_BYTES / 1024} KiB`);
    return (await handle.readFile()).toString("utf8");
  } finally {
    await handle.close();
  }
}

/**
 * Finds Agent Skills: every subfolder of the given folders (absolute) holding a `SKILL.md` with `name` and
 * `description` front matter. Folders that are missing are skipped quietly; a skill folder that is a
 * symbolic link, a SKILL.md that is a link, too large or malformed, and a name already taken are reported
 * as problems. At most {@link SKILLS_MAX} skills.
 */
export async function discoverSkills(folders: readonly string[]): Promise<DiscoveredSkills> {
  const found: DiscoveredSkills = { skills: [], problems: [] };
  for (const folder of folders) {
    const entries = await readdir(folder, { withFileTypes: true }).catch(() => []);
    for (const entry of entries.sort((first, second) => first.name.localeCompare(second.name))) {
      const directory = join(folder, entry.name);
      if (entry.isSymbolicLink()) {
        found.problems.push({
          path: directory,
          problem: "skill folders that are symbolic links are not followed",
        });
        continue;
      }
      if (!entry.isDirectory()) continue;
      const skillFile = join(directory, "SKILL.md");
      if (!(await lstat(skillFile).catch(() => undefined))) continue;
      let text: string;
      try {
        text = await readSkillFile(skillFile);
      } catch (error) {
        const code = (error as { code?: string }).code;
        found.problems.push({
          path: skillFile,
          problem:
            code === "ELOOP"
              ? "SKILL.md is a symbolic link, which is not followed"
              : (error as Error).message,
        });
        continue;
      }
      const { parseSkillMarkdown } = await import("./parse-skill-markdown.js");
      const parsed = parseSkillMarkdown(text);
      if ("problem" in parsed) {
        found.problems.push({ path: skillFile, problem: parsed.problem });
        continue;
      }
      if (parsed.name !== basename(directory))
        found.problems.push({
          path: skillFile,
          problem: `its name "${parsed.name}" differs from its folder name; the name is used`,
        });
      if (found.skills.some((skill) => skill.name === parsed.name)) {
        found.problems.push({
          path: skillFile,
          problem: `a skill named "${parsed.name}" was found earlier; this one is ignored`,
        });
        continue;
      }
      if (found.skills.length >= SKILLS_MAX) {
        found.problems.push({
          path: skillFile,
          problem: `more than ${SKILLS_MAX} skills; the rest are ignored`,
        });
        return found;
      }
      found.skills.push({ name: parsed.name, description: parsed.description, directory });
    }
  }
  return found;
}
