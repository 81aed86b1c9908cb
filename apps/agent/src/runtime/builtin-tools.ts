import type { AgentTool } from "@mariozechner/pi-agent-core";
import type { SandboxPolicy } from "@mono-agent/sandbox";
import { createSandboxedBashTool } from "./bash-tool.js";
import { createFileAccess } from "./file-access.js";
import { createFileTool } from "./file-tools.js";
import { createGlobTool } from "./glob-tool.js";
import { createGrepTool } from "./grep-tool.js";
import type { ProtectedPaths } from "./protected-paths.js";
import { MonoAgentRuntimeError } from "./runtime-error.js";
import { openWorkspace } from "./workspace-paths.js";

/** The built-in tools this runtime implements, under the seed page's names. */
export const BUILTIN_TOOL_NAMES = ["Read", "Write", "Edit", "Bash", "Grep", "Glob"] as const;

/** One of {@link BUILTIN_TOOL_NAMES}. */
export type BuiltinToolName = (typeof BUILTIN_TOOL_NAMES)[number];

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
  /** How Bash is confined (the config's `sandbox`, merged with the request's); default: the config defaults. */
  sandbox?: SandboxPolicy;
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
 * `createFileAccess`); Bash runs in the sandbox (see `createSandboxedBashTool`) with a scrubbed env. Throws `unknown_builtin_tool` for
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
    Bash: () =>
      createSandboxedBashTool({
        workspaceDir: workspace.directory,
        env: options.env,
        ...(options.sandbox ? { sandbox: options.sandbox } : {}),
        ...(options.protectedPaths ? { protectedPaths: options.protectedPaths } : {}),
      }),
    Grep: () => createGrepTool(files) as unknown as AgentTool,
    Glob: () => createGlobTool(files) as unknown as AgentTool,
  };
  return BUILTIN_TOOL_NAMES.filter((name) => options.enabled.includes(name)).map((name) => builders[name]());
}

