import * as z from "zod";

/** The skills folders of an agent folder when `tools.skills.folders` is not set, in the order they win on a name clash. */
export const DEFAULT_SKILL_FOLDERS: readonly string[] = ["skills", ".claude/skills", ".pi/skills"];

export const skillsSchema = z
  .strictObject({
    folders: z
      .array(z.string().min(1))
      .default([...DEFAULT_SKILL_FOLDERS])
      .describe(
        `Folders holding Agent Skills (one subfolder with a SKILL.md per skill), relative to the agent folder; the first wins on a name clash. Default ${JSON.stringify(DEFAULT_SKILL_FOLDERS)}; [] turns local skills off.`,
      ),
    mcpResources: z
      .boolean()
      .default(true)
      .describe(
        "Also offer the skills attached MCP servers expose as skill://<name>/SKILL.md resources. Default true.",
      ),
  })
  .describe("Agent Skills offered through ReadSkill and listed in the system prompt.");

export type SkillsConfig = z.infer<typeof skillsSchema>;
