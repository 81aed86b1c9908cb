import { dirname } from "node:path";
import type { AgentTool } from "@earendil-works/pi-agent-core";
import { obj, str } from "@earendil-works/pi-schema";
import { abortable } from "./abortable.js";
import type { FileAccess } from "./file-access.js";
import { withFileMutationQueue } from "./file-mutation-queue.js";
import { makeDirectorySafely, writeFileSafely } from "./file-write.js";

const writeParameters = obj({
  path: str({ description: "File to write: relative to the workspace, or absolute" }),
  content: str({ description: "The whole new content of the file" }),
});

const DESCRIPTION =
  "Write a file: create it, or replace all of its content. Missing parent folders are created.";

/**
 * The Write tool over `files`: the path is checked (`files.resolve`), missing parents are made one verified
 * directory at a time and the content is written to a temp file in the verified parent and renamed over
 * the entry (never through a link). Changes of one file are queued.
 */
export function createWriteTool(files: FileAccess): AgentTool<typeof writeParameters, undefined> {
  return {
    name: "Write",
    label: "Write",
    description: DESCRIPTION,
    parameters: writeParameters,
    execute: (_toolCallId, { path, content }, signal) =>
      abortable(signal, async () => {
        const absolute = await files.resolve(path, "write");
        return withFileMutationQueue(absolute, async () => {
          await makeDirectorySafely(files, dirname(absolute));
          if (signal?.aborted) throw new Error("Operation aborted");
          await writeFileSafely(files, absolute, content);
          return {
            content: [{ type: "text", text: `Successfully wrote ${content.length} bytes to ${path}` }],
            details: undefined,
          };
        });
      }),
  };
}
