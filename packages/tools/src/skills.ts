export {
  type DiscoveredSkills,
  discoverSkills,
  type LocalSkill,
  SKILL_FILE_MAX_BYTES,
  SKILLS_MAX,
} from "./node/skills/discover-skills.js";
export {
  type ParsedSkill,
  parseSkillMarkdown,
  SKILL_NAME_PATTERN,
} from "./node/skills/parse-skill-markdown.js";
export { type SkillsListReport, skillsListReport } from "./node/skills/skills-list-report.js";
