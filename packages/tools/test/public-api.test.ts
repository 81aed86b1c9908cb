import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as check from "../src/check.js";
import * as root from "../src/index.js";
import * as node from "../src/node/index.js";
import * as skills from "../src/skills.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot(`
      [
        "ToolError",
        "isInsideDirectory",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "ProtectedNames",
        "ProtectedPaths",
        "ToolError",
        "ToolErrorCode",
        "isInsideDirectory",
      ]
    `);
  });
  test("./node", () => {
    expect(Object.keys(node).sort()).toMatchInlineSnapshot(`
      [
        "BASH_ENV_PASSTHROUGH",
        "BASH_MAX_TIMEOUT_SECONDS",
        "BUILTIN_TOOL_NAMES",
        "COMMAND_OUTPUT_MAX_BYTES",
        "EXEC_MAX_ARGUMENTS",
        "EXEC_MAX_ARGUMENT_CHARACTERS",
        "FILE_TOOL_MAX_READ_BYTES",
        "NODE_REPL_CALL_TIMEOUT_SECONDS",
        "NODE_REPL_MAX_CODE_CHARACTERS",
        "PATTERN_MAX_CHARACTERS",
        "SKILLS_MAX",
        "SKILL_FILE_MAX_BYTES",
        "SKILL_NAME_PATTERN",
        "WEBFETCH_MAX_BODY_BYTES",
        "WEBFETCH_MAX_REDIRECTS",
        "WEBFETCH_TIMEOUT_MS",
        "WEB_SEARCH_MAX_RESPONSE_BYTES",
        "createBashEnv",
        "createBuiltinTools",
        "createBuiltinToolsForConfig",
        "createExecTool",
        "createFileAccess",
        "createFileTool",
        "createGlobTool",
        "createGrepTool",
        "createNodeReplSession",
        "createReadSkillTool",
        "createSandboxedBashTool",
        "createWebAddressPolicy",
        "createWebFetchTool",
        "createWebSearchTool",
        "discoverMcpSkills",
        "discoverSkills",
        "fetchWebPage",
        "htmlToMarkdown",
        "openPatternSearch",
        "openWorkspace",
        "prewarmPatternSearch",
        "searchWeb",
        "skillsPromptSection",
      ]
    `);
    expect(exportedNames(join(sourceDir, "node/index.ts"))).toMatchInlineSnapshot(`
      [
        "BASH_ENV_PASSTHROUGH",
        "BASH_MAX_TIMEOUT_SECONDS",
        "BUILTIN_TOOL_NAMES",
        "BuiltinToolName",
        "BuiltinToolsForConfig",
        "BuiltinToolsForConfigInput",
        "COMMAND_OUTPUT_MAX_BYTES",
        "ConfinementOptions",
        "CreateBuiltinToolsOptions",
        "DiscoveredSkills",
        "EXEC_MAX_ARGUMENTS",
        "EXEC_MAX_ARGUMENT_CHARACTERS",
        "FILE_TOOL_MAX_READ_BYTES",
        "FetchedWebPage",
        "FileAccess",
        "FileAccessOptions",
        "FileToolName",
        "HostResolver",
        "LocalSkill",
        "NODE_REPL_CALL_TIMEOUT_SECONDS",
        "NODE_REPL_MAX_CODE_CHARACTERS",
        "NodeReplSession",
        "PATTERN_MAX_CHARACTERS",
        "RemoteSkill",
        "ResolvedAddress",
        "SKILLS_MAX",
        "SKILL_FILE_MAX_BYTES",
        "SKILL_NAME_PATTERN",
        "SandboxedBashToolOptions",
        "SkillResourceClient",
        "SkillSet",
        "ToolOutputSpill",
        "WEBFETCH_MAX_BODY_BYTES",
        "WEBFETCH_MAX_REDIRECTS",
        "WEBFETCH_TIMEOUT_MS",
        "WEB_SEARCH_MAX_RESPONSE_BYTES",
        "WebFetchToolOptions",
        "WebNetworkPolicy",
        "WebSearchProvider",
        "WebSearchResult",
        "Workspace",
        "createBashEnv",
        "createBuiltinTools",
        "createBuiltinToolsForConfig",
        "createExecTool",
        "createFileAccess",
        "createFileTool",
        "createGlobTool",
        "createGrepTool",
        "createNodeReplSession",
        "createReadSkillTool",
        "createSandboxedBashTool",
        "createWebAddressPolicy",
        "createWebFetchTool",
        "createWebSearchTool",
        "discoverMcpSkills",
        "discoverSkills",
        "fetchWebPage",
        "htmlToMarkdown",
        "openPatternSearch",
        "openWorkspace",
        "prewarmPatternSearch",
        "searchWeb",
        "skillsPromptSection",
      ]
    `);
  });
  test("./skills", () => {
    expect(Object.keys(skills).sort()).toMatchInlineSnapshot(`
      [
        "SKILLS_MAX",
        "SKILL_FILE_MAX_BYTES",
        "SKILL_NAME_PATTERN",
        "discoverSkills",
        "parseSkillMarkdown",
        "skillsListReport",
      ]
    `);
    expect(exportedNames(join(sourceDir, "skills.ts"))).toMatchInlineSnapshot(`
      [
        "DiscoveredSkills",
        "LocalSkill",
        "ParsedSkill",
        "SKILLS_MAX",
        "SKILL_FILE_MAX_BYTES",
        "SKILL_NAME_PATTERN",
        "SkillsListReport",
        "discoverSkills",
        "parseSkillMarkdown",
        "skillsListReport",
      ]
    `);
  });
  test("./check", () => {
    expect(Object.keys(check).sort()).toMatchInlineSnapshot(`
      [
        "checkApprovalRules",
        "checkBuiltinTools",
        "checkFileToolReach",
        "checkToolPolicy",
        "collectProtectedPaths",
        "resolveWebSearchProvider",
      ]
    `);
    expect(exportedNames(join(sourceDir, "check.ts"))).toMatchInlineSnapshot(`
      [
        "CollectProtectedPathsInput",
        "WebSearchResolution",
        "checkApprovalRules",
        "checkBuiltinTools",
        "checkFileToolReach",
        "checkToolPolicy",
        "collectProtectedPaths",
        "resolveWebSearchProvider",
      ]
    `);
  });
});
