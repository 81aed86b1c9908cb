import { constants } from "node:fs";
import { access, mkdir, open, readFile, writeFile } from "node:fs/promises";
import type { AgentTool } from "@mariozechner/pi-agent-core";
import type { SandboxPolicy } from "@mono-agent/sandbox";
import {
  createEditTool,
  createReadTool,
  createWriteTool,
  type EditOperations,
  type ReadOperations,
  type WriteOperations,
} from "@mariozechner/pi-coding-agent";
import { createSandboxedBashTool } from "./bash-tool.js";
import { createGlobTool } from "./glob-tool.js";
import { createGrepTool } from "./grep-tool.js";
import { MonoAgentRuntimeError } from "./runtime-error.js";
import { openWorkspace, resolveWorkspacePath, type Workspace } from "./workspace-paths.js";

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
  /** How Bash is confined (the config's `sandbox`, merged with the request's); default: the config defaults. */
  sandbox?: SandboxPolicy;
  /** Host state no tool may reach: `noAccess` hidden, `readOnly` never written (absolute paths). */
  protectedPaths?: { noAccess: readonly string[]; readOnly: readonly string[] };
}

/**
 * Build the enabled built-in tools as pi `AgentTool`s named Read, Write, Edit, Bash, Grep, Glob.
 * Read/Write/Edit/Bash come from pi-coding-agent's factories; Grep and Glob are plain TypeScript.
 * File tools refuse paths outside the workspace (lexically or through a symlink) with an error
 * result; Bash runs in the sandbox (see `createSandboxedBashTool`) with a scrubbed env. Throws `unknown_builtin_tool` for a name
 * outside {@link BUILTIN_TOOL_NAMES}.
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
  const builders: Record<BuiltinToolName, () => AgentTool> = {
    Read: () =>
      confinePathArgument(
        rename(createReadTool(workspace.directory, { operations: readOperations(workspace) }), "Read"),
        workspace,
      ),
    Write: () =>
      confinePathArgument(
        rename(createWriteTool(workspace.directory, { operations: writeOperations(workspace) }), "Write"),
        workspace,
      ),
    Edit: () =>
      confinePathArgument(
        rename(createEditTool(workspace.directory, { operations: editOperations(workspace) }), "Edit"),
        workspace,
      ),
    Bash: () =>
      createSandboxedBashTool({
        workspaceDir: workspace.directory,
        env: options.env,
        ...(options.sandbox ? { sandbox: options.sandbox } : {}),
        ...(options.protectedPaths ? { protectedPaths: options.protectedPaths } : {}),
      }),
    Grep: () => createGrepTool(workspace) as unknown as AgentTool,
    Glob: () => createGlobTool(workspace) as unknown as AgentTool,
  };
  return BUILTIN_TOOL_NAMES.filter((name) => options.enabled.includes(name)).map((name) => builders[name]());
}

// biome-ignore lint/suspicious/noExplicitAny: pi's factories return tools typed by their own schemas
function rename(tool: AgentTool<any>, name: BuiltinToolName): AgentTool {
  return { ...tool, name, label: name } as AgentTool;
}

function confinePathArgument(tool: AgentTool, workspace: Workspace): AgentTool {
  return {
    ...tool,
    async execute(toolCallId, params, signal, onUpdate) {
      const path = (params as { path?: unknown }).path;
      if (typeof path === "string") await resolveWorkspacePath(workspace, path);
      return tool.execute(toolCallId, params, signal, onUpdate);
    },
  };
}

function readOperations(workspace: Workspace): ReadOperations {
  return {
    readFile: async (path) => readFile(await resolveWorkspacePath(workspace, path)),
    access: async (path) => access(await resolveWorkspacePath(workspace, path), constants.R_OK),
    detectImageMimeType: async (path) => detectImageMimeType(await resolveWorkspacePath(workspace, path)),
  };
}

function writeOperations(workspace: Workspace): WriteOperations {
  return {
    writeFile: async (path, content) =>
      writeFile(await resolveWorkspacePath(workspace, path), content, "utf8"),
    mkdir: async (directory) => {
      await mkdir(await resolveWorkspacePath(workspace, directory), { recursive: true });
    },
  };
}

function editOperations(workspace: Workspace): EditOperations {
  return {
    readFile: async (path) => readFile(await resolveWorkspacePath(workspace, path)),
    writeFile: async (path, content) =>
      writeFile(await resolveWorkspacePath(workspace, path), content, "utf8"),
    access: async (path) =>
      access(await resolveWorkspacePath(workspace, path), constants.R_OK | constants.W_OK),
  };
}

const IMAGE_SIGNATURES: ReadonlyArray<{ mimeType: string; matches: (head: Buffer) => boolean }> = [
  {
    mimeType: "image/png",
    matches: (head) => head.subarray(0, 8).equals(Buffer.from("89504e470d0a1a0a", "hex")),
  },
  { mimeType: "image/jpeg", matches: (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff },
  { mimeType: "image/gif", matches: (head) => head.subarray(0, 4).toString("latin1") === "GIF8" },
  {
    mimeType: "image/webp",
    matches: (head) =>
      head.subarray(0, 4).toString("latin1") === "RIFF" && head.subarray(8, 12).toString("latin1") === "WEBP",
  },
];

/** Recognise the image formats pi's Read tool can attach, by their magic bytes. */
async function detectImageMimeType(path: string): Promise<string | undefined> {
  const handle = await open(path, "r");
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const sniffed = head.subarray(0, bytesRead);
    return IMAGE_SIGNATURES.find((signature) => signature.matches(sniffed))?.mimeType;
  } finally {
    await handle.close();
  }
}
