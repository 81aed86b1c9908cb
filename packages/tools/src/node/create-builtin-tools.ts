import type { AgentTool } from "@earendil-works/pi-agent-core";
import { DEFAULT_SANDBOX_CONFIG } from "@mono-agent/config";
import type { SandboxPolicy } from "@mono-agent/sandbox";
import type { ProtectedPaths } from "../protected-paths.js";
import { ToolError } from "../tool-error.js";
import { createSandboxedBashTool } from "./bash-tool.js";
import { createFileAccess } from "./file-access.js";
import { createFileTool } from "./file-tools.js";
import { createGlobTool } from "./glob-tool.js";
import { createGrepTool } from "./grep-tool.js";
import { createExecTool } from "./process/exec-tool.js";
import { createNodeReplSession } from "./process/node-repl-tool.js";
import { createReadSkillTool, type SkillSet } from "./skills/read-skill-tool.js";
import { createWebFetchTool, type ToolOutputSpill } from "./web/web-fetch-tool.js";
import { createWebSearchTool, type WebSearchProvider } from "./web/web-search-tool.js";
import { openWorkspace } from "./workspace-paths.js";

/** The built-in tools this package implements, under the seed page's names. */
export const BUILTIN_TOOL_NAMES = [
  "Read",
  "Write",
  "Edit",
  "Bash",
  "Grep",
  "Glob",
  "Exec",
  "NodeRepl",
  "WebFetch",
  "WebSearch",
  "ReadSkill",
] as const;

/** One of {@link BUILTIN_TOOL_NAMES}. */
export type BuiltinToolName = (typeof BUILTIN_TOOL_NAMES)[number];

/** Options of {@link createBuiltinTools}. */
export interface CreateBuiltinToolsOptions {
  /** The workspace directory (must exist); every path the tools touch must stay inside it. */
  workspaceDir: string;
  /** Host-resolved env; Bash, Exec and NodeRepl see only the non-secret variables of `BASH_ENV_PASSTHROUGH` from it. */
  env: Readonly<Record<string, string | undefined>>;
  /** The tool names the policy offers, e.g. `["Read", "Grep"]`; `[]` gives no tools. */
  enabled: readonly string[];
  /**
   * Host state the file tools never reach, whatever the roots say (absolute paths; see
   * `collectProtectedPaths`): `noAccess` is neither read, written nor listed, `readOnly` never written.
   */
  protectedPaths?: ProtectedPaths;
  /** How Bash, Exec and NodeRepl are confined and what WebFetch reaches (the config's `sandbox`, merged with the request's); default: the config defaults. */
  sandbox?: SandboxPolicy;
  /** Extra directories Read, Grep and Glob may read (`tools.filesystem.readableRoots`; relative to the workspace). */
  readableRoots?: readonly string[];
  /** Extra directories Write and Edit may change (`tools.filesystem.writableRoots`; relative to the workspace). */
  writableRoots?: readonly string[];
  /** Where WebFetch saves oversize pages; WebFetch is built only with it. */
  spill?: ToolOutputSpill;
  /** The `tools.webSearch` provider with its key read; WebSearch is built only with it. */
  webSearch?: WebSearchProvider;
  /** The run's skills; ReadSkill is built only when there is at least one. */
  skills?: SkillSet;
  /** Receives what must run when the run ends (the NodeRepl process); NodeRepl is built only with it. */
  registerCleanup?: (cleanup: () => Promise<void>) => void;
}

/**
 * Build the enabled built-in tools as pi `AgentTool`s (from `@mono-agent/tools`). File tools refuse, with
 * an error result, paths outside the workspace and the extra roots (lexically or through a symlink), the
 * protected host state, and anything swapped between check and use; Bash, Exec and NodeRepl run in the
 * sandbox with a scrubbed env; WebFetch fetches on the host under `sandbox.network`. A tool whose input is
 * missing (WebFetch without `spill`, WebSearch without a provider, ReadSkill without skills, NodeRepl
 * without `registerCleanup`) is left out. Throws a `ToolError` `unknown_builtin_tool` for a name outside
 * {@link BUILTIN_TOOL_NAMES}.
 */
export function createBuiltinTools(options: CreateBuiltinToolsOptions): AgentTool[] {
  const unknown = options.enabled.filter((name) => !(BUILTIN_TOOL_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new ToolError(
      "unknown_builtin_tool",
      `Unknown built-in tool${unknown.length === 1 ? "" : "s"} ${unknown.join(", ")}; this runtime implements ${BUILTIN_TOOL_NAMES.join(", ")}.`,
    );
  }
  if (options.enabled.length === 0) return [];
  const workspace = openWorkspace(options.workspaceDir);
  const files = createFileAccess({
    workspace,
    ...(options.readableRoots ? { readableRoots: options.readableRoots } : {}),
    ...(options.writableRoots ? { writableRoots: options.writableRoots } : {}),
    ...(options.protectedPaths ? { protectedPaths: options.protectedPaths } : {}),
    denyWrite: (options.sandbox ?? DEFAULT_SANDBOX_CONFIG).denyWrite,
    allowGitWrites: (options.sandbox ?? DEFAULT_SANDBOX_CONFIG).allowGitWrites,
  });
  const confinement = {
    workspaceDir: workspace.directory,
    env: options.env,
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    ...(options.protectedPaths ? { protectedPaths: options.protectedPaths } : {}),
  };
  const builders: Record<BuiltinToolName, () => AgentTool | undefined> = {
    Read: () => createFileTool("Read", files),
    Write: () => createFileTool("Write", files),
    Edit: () => createFileTool("Edit", files),
    Bash: () => createSandboxedBashTool(confinement),
    Grep: () => createGrepTool(files) as unknown as AgentTool,
    Glob: () => createGlobTool(files) as unknown as AgentTool,
    Exec: () => createExecTool(confinement) as unknown as AgentTool,
    NodeRepl: () => {
      if (!options.registerCleanup) return undefined;
      const session = createNodeReplSession(confinement);
      options.registerCleanup(session.close);
      return session.tool;
    },
    WebFetch: () =>
      options.spill
        ? (createWebFetchTool({
            network: (options.sandbox ?? DEFAULT_NETWORK).network,
            spill: options.spill,
          }) as unknown as AgentTool)
        : undefined,
    WebSearch: () =>
      options.webSearch ? (createWebSearchTool(options.webSearch) as unknown as AgentTool) : undefined,
    ReadSkill: () =>
      options.skills && options.skills.local.length + (options.skills.remote?.length ?? 0) > 0
        ? (createReadSkillTool(options.skills) as unknown as AgentTool)
        : undefined,
  };
  return BUILTIN_TOOL_NAMES.filter((name) => options.enabled.includes(name)).flatMap(
    (name) => builders[name]() ?? [],
  );
}

/** WebFetch's reach when no sandbox policy is given: the config default (`none`: public addresses only). */
const DEFAULT_NETWORK = { network: { mode: "none", allowlist: [] } } as const satisfies Pick<
  SandboxPolicy,
  "network"
>;
