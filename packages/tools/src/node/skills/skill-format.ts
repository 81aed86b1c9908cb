// The Agent Skills format's limits and names, apart from the parser, so code that only checks a name does not
// load the YAML parser (the parser is imported when a SKILL.md is read).

/** Longest skill name (the Agent Skills format: lowercase letters, digits and hyphens, at most 64). */
export const SKILL_NAME_MAX_CHARACTERS = 64;

/** Longest skill description shown in the system prompt (the Agent Skills format allows 1,024). */
export const SKILL_DESCRIPTION_MAX_CHARACTERS = 1_024;

/** A skill name: lowercase letters, digits and single hyphens, not starting or ending with one. */
export const SKILL_NAME_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** A parsed SKILL.md. */
export interface ParsedSkill {
  name: string;
  description: string;
  /** The Markdown after the front matter. */
  body: string;
}
