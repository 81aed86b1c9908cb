import type { AgentTool } from "@mariozechner/pi-agent-core";
import { createBashTool } from "@mariozechner/pi-coding-agent";
import { createBashEnv } from "./bash-env.js";
import { createFileAccess } from "./file-access.js";
import { createFileTool } from "./file-tools.js";
import { createGlobTool } from "./glob-tool.js";
import { createGrepTool } from "./grep-tool.js";
import type { ProtectedPaths } from "./protected-paths.js";
import { MonoAgentRuntimeError } from "./runtime-error.js";
import { openWorkspace, type Workspace } from "./workspace-paths.js";

/** The built-in tools this runtime implements, under the seed page's names. */
export const BUILTIN_TOOL_NAMES = ["Read", "Write", "Edit", "Bash", "Grep", "Glob"] as const;

/** One of {@link BUILTIN_TOOL_NAMES}. */
export type BuiltinToolName = (typeof BUILTIN_TOOL_NAMES)[number];

/**
 * Timeout of a Bash command when the model sets none, and the most it may ask for (10 minutes:
 * long builds and test suites finish, a hung command does not hold the run forever).
 */
export const BASH_MAX_TIMEOUT_SECONDS = 600;

/** Options of {@link createBuiltinTools}. */
export interface CreateBuiltinToolsOptions {
  /** The workspace directory (must exist); every path the tools touch must stay inside it. */
  workspaceDir: string;
  /** Host-resolved env; Bash sees only the non-secret variables of `BASH_ENV_PASSTHROUGH` from it. */
  env: Readonly<Record<string, string | undefined>>;
  /** The tool names the policy offers, e.g. `["Read", "Grep"]`; `[]` gives no tools. */
  enabled: readonly string[];
  /**
   * Host state the file tools never reach, whatever the roots say (absolute paths; see
   * `collectProtectedPaths`): `noAccess` is neither read, written nor listed, `readOnly` never written.
   */
  protectedPaths?: ProtectedPaths;
  /** Extra directories Read, Grep and Glob may read (`tools.filesystem.readableRoots`; relative to the workspace). */
  readableRoots?: readonly string[];
  /** Extra directories Write and Edit may change (`tools.filesystem.writableRoots`; relative to the workspace). */
  writableRoots?: readonly string[];
}

/**
 * Build the enabled built-in tools as pi `AgentTool`s named Read, Write, Edit, Bash, Grep, Glob.
 * Read/Write/Edit/Bash come from pi-coding-agent's factories; Grep and Glob are plain TypeScript.
 * File tools refuse, with an error result, paths outside the workspace and the extra roots (lexically or
 * through a symlink), the protected host state, and anything swapped between check and use (see
 * `createFileAccess`); Bash runs in the workspace with a scrubbed env. Throws `unknown_builtin_tool` for
 * a name outside {@link BUILTIN_TOOL_NAMES}.
 */
export function createBuiltinTools(options: CreateBuiltinToolsOptions): AgentTool[] {
  const unknown = options.enabled.filter((name) => !(BUILTIN_TOOL_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) {
    throw new MonoAgentRuntimeError(
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
  });
  const builders: Record<BuiltinToolName, () => AgentTool> = {
    Read: () => createFileTool("Read", files),
    Write: () => createFileTool("Write", files),
    Edit: () => createFileTool("Edit", files),
    Bash: () => createConfinedBashTool(workspace, options.env),
    Grep: () => createGrepTool(files) as unknown as AgentTool,
    Glob: () => createGlobTool(files) as unknown as AgentTool,
  };
  return BUILTIN_TOOL_NAMES.filter((name) => options.enabled.includes(name)).map((name) => builders[name]());
}

// biome-ignore lint/suspicious/noExplicitAny: pi's factories return tools typed by their own schemas
function rename(tool: AgentTool<any>, name: BuiltinToolName): AgentTool {
  return { ...tool, name, label: name } as AgentTool;
}

function createConfinedBashTool(workspace: Workspace, hostEnv: CreateBuiltinToolsOptions["env"]): AgentTool {
  const env = createBashEnv(hostEnv);
  const bash = rename(
    createBashTool(workspace.directory, {
      spawnHook: (context) => ({ command: context.command, cwd: workspace.directory, env: { ...env } }),
    }),
    "Bash",
  );
  return {
    ...bash,
    description: `${bash.description} Runs in the workspace with a minimal environment (no host secrets); commands time out after ${BASH_MAX_TIMEOUT_SECONDS} seconds at most.`,
    execute(toolCallId, params, signal, onUpdate) {
      const requested = (params as { timeout?: number }).timeout;
      const timeout =
        requested === undefined || !(requested > 0)
          ? BASH_MAX_TIMEOUT_SECONDS
          : Math.min(requested, BASH_MAX_TIMEOUT_SECONDS);
      return bash.execute(toolCallId, { ...(params as object), timeout }, signal, onUpdate);
    },
  };
}
