import { parse as parseYaml } from "yaml";

import {
  type ParsedSkill,
  SKILL_DESCRIPTION_MAX_CHARACTERS,
  SKILL_NAME_MAX_CHARACTERS,
  SKILL_NAME_PATTERN,
} from "./skill-format.js";

export { type ParsedSkill, SKILL_DESCRIPTION_MAX_CHARACTERS, SKILL_NAME_MAX_CHARACTERS, SKILL_NAME_PATTERN };

const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/**
 * Parses a SKILL.md: YAML front matter (parsed by the `yaml` package, no custom tags) with a `name` and a
 * `description`, then the body. Returns a problem sentence instead when the file does not follow the format.
 */
export function parseSkillMarkdown(text: string): ParsedSkill | { problem: string } {
  const match = FRONT_MATTER.exec(text);
  if (!match)
    return { problem: "SKILL.md does not start with YAML front matter (--- name: ... description: ... ---)" };
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? "", { maxAliasCount: 10, prettyErrors: false });
  } catch (error) {
    return { problem: `its front matter is not valid YAML (${(error as Error).message.split("\n")[0]})` };
  }
  const fields = (typeof data === "object" && data !== null ? data : {}) as Record<string, unknown>;
  const name = fields["name"];
  const description = fields["description"];
  if (typeof name !== "string" || !SKILL_NAME_PATTERN.test(name) || name.length > SKILL_NAME_MAX_CHARACTERS)
    return {
      problem: `its front matter needs name: lowercase letters, digits and hyphens, at most ${SKILL_NAME_MAX_CHARACTERS} characters`,
    };
  if (typeof description !== "string" || description.trim() === "")
    return { problem: "its front matter needs a description saying when to use the skill" };
  return {
    name,
    description: description.trim().replace(/\s+/g, " ").slice(0, SKILL_DESCRIPTION_MAX_CHARACTERS),
    body: text.slice(match[0].length),
  };
}
