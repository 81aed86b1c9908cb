import type { AgentTool } from "@earendil-works/pi-agent-core";
import { createEditTool } from "./edit-tool.js";
import type { FileAccess } from "./file-access.js";
import { createReadTool } from "./read-tool.js";
import { createWriteTool } from "./write-tool.js";

/** The file tools under the seed page's names. */
export type FileToolName = "Read" | "Write" | "Edit";

/** What every file tool's description adds: what it never reaches. */
const REACH_NOTE =
  " Reaches only the workspace (and configured extra roots); the host's own state (.mono-agent, the config, mcp.json, .env files, the memory folder) is refused, and symbolic or hard links are never written through.";

/**
 * Read, Write or Edit, with every file operation going through `files`: the path the model gave is checked
 * first (so a refusal names it as given), then each operation opens with no-follow flags and checks the
 * descriptor (so a path swapped after the first check is refused). The tools keep pi-coding-agent's
 * parameters, output bounds and messages, so a model tuned on pi's tools meets the same tools.
 */
export function createFileTool(name: FileToolName, files: FileAccess): AgentTool {
  const tool = (name === "Read"
    ? createReadTool(files)
    : name === "Write"
      ? createWriteTool(files)
      : createEditTool(files)) as unknown as AgentTool;
  return { ...tool, description: `${tool.description}${REACH_NOTE}` };
}
