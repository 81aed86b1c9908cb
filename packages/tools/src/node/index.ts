export { BASH_ENV_PASSTHROUGH, createBashEnv } from "./bash-env.js";
export {
  BASH_MAX_TIMEOUT_SECONDS,
  createSandboxedBashTool,
  type SandboxedBashToolOptions,
} from "./bash-tool.js";
export {
  BUILTIN_TOOL_NAMES,
  type BuiltinToolName,
  type CreateBuiltinToolsOptions,
  createBuiltinTools,
} from "./create-builtin-tools.js";
export {
  type BuiltinToolsForConfig,
  type BuiltinToolsForConfigInput,
  createBuiltinToolsForConfig,
} from "./create-builtin-tools-for-config.js";
export { createFileAccess, type FileAccess, type FileAccessOptions } from "./file-access.js";
export { FILE_TOOL_MAX_READ_BYTES } from "./file-tool-limits.js";
export { createFileTool, type FileToolName } from "./file-tools.js";
export { createGlobTool } from "./glob-tool.js";
export { createGrepTool } from "./grep-tool.js";
export { openPatternSearch, PATTERN_MAX_CHARACTERS, prewarmPatternSearch } from "./pattern-search.js";
export { COMMAND_OUTPUT_MAX_BYTES } from "./process/bounded-output.js";
export { createExecTool, EXEC_MAX_ARGUMENT_CHARACTERS, EXEC_MAX_ARGUMENTS } from "./process/exec-tool.js";
export {
  createNodeReplSession,
  NODE_REPL_CALL_TIMEOUT_SECONDS,
  NODE_REPL_MAX_CODE_CHARACTERS,
  type NodeReplSession,
} from "./process/node-repl-tool.js";
export type { ConfinementOptions } from "./process/start-confined-process.js";
export { discoverMcpSkills, type SkillResourceClient } from "./skills/discover-mcp-skills.js";
export {
  type DiscoveredSkills,
  discoverSkills,
  type LocalSkill,
  SKILL_FILE_MAX_BYTES,
  SKILLS_MAX,
} from "./skills/discover-skills.js";
export {
  createReadSkillTool,
  type RemoteSkill,
  type SkillSet,
  skillsPromptSection,
} from "./skills/read-skill-tool.js";
// parseSkillMarkdown lives on ./skills only: importing ./node does not load the YAML parser.
export { SKILL_NAME_PATTERN } from "./skills/skill-format.js";
export {
  type FetchedWebPage,
  fetchWebPage,
  type HostResolver,
  type ResolvedAddress,
  WEBFETCH_MAX_BODY_BYTES,
  WEBFETCH_MAX_REDIRECTS,
  WEBFETCH_TIMEOUT_MS,
} from "./web/fetch-web-page.js";
export { htmlToMarkdown } from "./web/html-to-markdown.js";
export { createWebAddressPolicy, type WebNetworkPolicy } from "./web/web-address-policy.js";
export { createWebFetchTool, type ToolOutputSpill, type WebFetchToolOptions } from "./web/web-fetch-tool.js";
export {
  createWebSearchTool,
  searchWeb,
  WEB_SEARCH_MAX_RESPONSE_BYTES,
  type WebSearchProvider,
  type WebSearchResult,
} from "./web/web-search-tool.js";
export { openWorkspace, type Workspace } from "./workspace-paths.js";
