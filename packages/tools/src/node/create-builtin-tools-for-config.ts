import { resolve } from "node:path";
import type { AgentTool } from "@earendil-works/pi-agent-core";
import type { LoadedConfig } from "@mono-agent/config";
import type { LiveMcpServers } from "@mono-agent/mcp-bridge";
import type { SandboxPolicy } from "@mono-agent/sandbox";
import { resolveWebSearchProvider } from "../check/resolve-web-search-provider.js";
import type { ProtectedPaths } from "../protected-paths.js";
import { createBuiltinTools } from "./create-builtin-tools.js";
import { discoverMcpSkills, type SkillResourceClient } from "./skills/discover-mcp-skills.js";
import { discoverSkills } from "./skills/discover-skills.js";
import { type SkillSet, skillsPromptSection } from "./skills/read-skill-tool.js";

/** What {@link createBuiltinToolsForConfig} needs from the host: the config, the host env, the run and its policy facts. */
export interface BuiltinToolsForConfigInput {
  /** The loaded config: workspace, artifacts folder, `tools.filesystem`, `tools.skills`, `tools.webSearch`. */
  loaded: LoadedConfig;
  /** Host-resolved env: the WebSearch key reference is read from it; Bash, Exec and NodeRepl see its passthrough part. */
  env: Readonly<Record<string, string | undefined>>;
  /** The run id WebFetch names its spilled pages after. */
  runId: string;
  /** The built-in tool names the policy offers. */
  enabled: readonly string[];
  /** The run's sandbox policy (the config's, merged with the request's). */
  sandbox: SandboxPolicy;
  /** Host state the file tools never reach (see `collectProtectedPaths`). */
  protectedPaths?: ProtectedPaths;
  /** Replaces the host's secrets in spilled tool output. */
  redactText: (text: string) => string;
  /** The run's connected MCP servers: their `skill://` resources join ReadSkill when `tools.skills.mcpResources`. */
  mcp: Pick<LiveMcpServers, "connectedNames" | "client">;
}

/** The run's built-in tools, the system prompt section listing its skills, and what ends with the run. */
export interface BuiltinToolsForConfig {
  tools: AgentTool[];
  promptSection: string;
  close(): Promise<void>;
}

/** The skills folders of the config (relative to the agent folder), absolute. */
export function skillFolders(loaded: LoadedConfig): string[] {
  return loaded.config.tools.skills.folders.map((folder) => resolve(loaded.agentDir, folder));
}

/** Local skills, plus the `skill://` skills of the connected external MCP servers when `tools.skills.mcpResources`. */
export async function collectRunSkills(
  loaded: LoadedConfig,
  mcp: BuiltinToolsForConfigInput["mcp"],
): Promise<SkillSet> {
  const local = await discoverSkills(skillFolders(loaded));
  if (!loaded.config.tools.skills.mcpResources) return { local: local.skills };
  const servers = mcp
    .connectedNames()
    .filter((name) => !name.startsWith("mono-agent-"))
    .flatMap((serverName) => {
      const client = mcp.client(serverName);
      return client?.getServerCapabilities()?.resources
        ? [{ serverName, client: client as unknown as SkillResourceClient }]
        : [];
    });
  const remote = await discoverMcpSkills(
    servers,
    local.skills.map((skill) => skill.name),
  );
  return { local: local.skills, remote: remote.skills };
}

/**
 * The built-in tools of one run: the policy's `enabled` names, with WebSearch only when a provider is
 * configured, ReadSkill only when there are skills (the system prompt lists them), WebFetch spilling
 * into the artifacts' `tool-output`, and NodeRepl's process ended by `close()`.
 */
export async function createBuiltinToolsForConfig(
  input: BuiltinToolsForConfigInput,
): Promise<BuiltinToolsForConfig> {
  const { loaded } = input;
  const cleanups: (() => Promise<void>)[] = [];
  const webSearch = input.enabled.includes("WebSearch")
    ? resolveWebSearchProvider(loaded, input.env)
    : undefined;
  const skills = input.enabled.includes("ReadSkill") ? await collectRunSkills(loaded, input.mcp) : undefined;
  const roots = loaded.config.tools.filesystem;
  const tools = createBuiltinTools({
    workspaceDir: loaded.workspaceDir,
    env: input.env,
    enabled: input.enabled,
    sandbox: input.sandbox,
    ...(input.protectedPaths ? { protectedPaths: input.protectedPaths } : {}),
    ...(roots?.readableRoots ? { readableRoots: roots.readableRoots } : {}),
    ...(roots?.writableRoots ? { writableRoots: roots.writableRoots } : {}),
    spill: {
      toolOutputDir: `${loaded.artifactsDir}/tool-output`,
      runId: input.runId,
      redactText: input.redactText,
    },
    ...(webSearch && "provider" in webSearch ? { webSearch: webSearch.provider } : {}),
    ...(skills ? { skills } : {}),
    registerCleanup: (cleanup) => cleanups.push(cleanup),
  });
  return {
    tools,
    promptSection:
      skills && tools.some((tool) => tool.name === "ReadSkill") ? skillsPromptSection(skills) : "",
    async close() {
      for (const cleanup of cleanups) await cleanup().catch(() => {});
    },
  };
}
