import { resolve } from "node:path";
import type { AgentTool } from "@mariozechner/pi-agent-core";
import type { LoadedConfig } from "@mono-agent/config";
import type { LiveMcpServers } from "@mono-agent/mcp-bridge";
import type { SandboxPolicy } from "@mono-agent/sandbox";
import {
  discoverMcpSkills,
  discoverSkills,
  type SkillResourceClient,
  type SkillSet,
  skillsPromptSection,
} from "@mono-agent/tools/node";
import { createBuiltinTools } from "../../runtime/builtin-tools.js";
import type { ProtectedPaths } from "../../runtime/protected-paths.js";
import { resolveWebSearchProvider } from "../tools/web-search-provider.js";

/** What one run's built-in tools need from the app. */
export interface RunBuiltinToolsInput {
  loaded: LoadedConfig;
  env: Readonly<Record<string, string | undefined>>;
  runId: string;
  enabled: readonly string[];
  sandbox: SandboxPolicy;
  protectedPaths?: ProtectedPaths;
  redactText: (text: string) => string;
  mcp: Pick<LiveMcpServers, "connectedNames" | "client">;
}

/** The run's built-in tools, the system prompt section listing its skills, and what ends with the run. */
export interface RunBuiltinTools {
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
  mcp: RunBuiltinToolsInput["mcp"],
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
export async function createRunBuiltinTools(input: RunBuiltinToolsInput): Promise<RunBuiltinTools> {
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
