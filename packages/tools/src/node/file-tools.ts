import type { AgentTool } from "@mariozechner/pi-agent-core";
import {
  createEditTool,
  createReadTool,
  createWriteTool,
  type EditOperations,
  type ReadOperations,
  type WriteOperations,
} from "@mariozechner/pi-coding-agent";
import type { FileAccess, FileAccessMode } from "./file-access.js";
import { makeDirectorySafely, writeFileSafely } from "./file-write.js";

/** The file tools built on pi's factories, under the seed page's names. */
export type FileToolName = "Read" | "Write" | "Edit";

/** What every file tool's description adds: what it never reaches. */
const REACH_NOTE =
  " Reaches only the workspace (and configured extra roots); the host's own state (.mono-agent, the config, mcp.json, .env files, the memory folder) is refused, and symbolic or hard links are never written through.";

/**
 * Read, Write or Edit from pi-coding-agent's factory, with every file operation going through `files`:
 * the path the model gave is checked first (so a refusal names it as given), then each operation opens
 * with no-follow flags and checks the descriptor (so a path swapped after the first check is refused).
 */
export function createFileTool(name: FileToolName, files: FileAccess): AgentTool {
  const directory = files.workspace.directory;
  const tool =
    name === "Read"
      ? createReadTool(directory, { operations: readOperations(files) })
      : name === "Write"
        ? createWriteTool(directory, { operations: writeOperations(files) })
        : createEditTool(directory, { operations: editOperations(files) });
  const mode: FileAccessMode = name === "Read" ? "read" : "write";
  const renamed = {
    ...tool,
    name,
    label: name,
    description: `${tool.description}${REACH_NOTE}`,
  } as AgentTool;
  return {
    ...renamed,
    async execute(toolCallId, params, signal, onUpdate) {
      const path = (params as { path?: unknown }).path;
      if (typeof path === "string") await files.resolve(path, mode);
      return renamed.execute(toolCallId, params, signal, onUpdate);
    },
  };
}

function readOperations(files: FileAccess): ReadOperations {
  return {
    readFile: (path) => files.readFile(path, "read"),
    access: async (path) => {
      await (await files.openFile(path, "read")).close();
    },
    detectImageMimeType: (path) => detectImageMimeType(files, path),
  };
}

function writeOperations(files: FileAccess): WriteOperations {
  return {
    writeFile: (path, content) => writeFileSafely(files, path, content),
    mkdir: (path) => makeDirectorySafely(files, path),
  };
}

function editOperations(files: FileAccess): EditOperations {
  return {
    readFile: (path) => files.readFile(path, "write"),
    writeFile: (path, content) => writeFileSafely(files, path, content),
    access: async (path) => {
      await (await files.openFile(path, "write")).close();
    },
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
async function detectImageMimeType(files: FileAccess, path: string): Promise<string | undefined> {
  const handle = await files.openFile(path, "read");
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const sniffed = head.subarray(0, bytesRead);
    return IMAGE_SIGNATURES.find((signature) => signature.matches(sniffed))?.mimeType;
  } finally {
    await handle.close();
  }
}
