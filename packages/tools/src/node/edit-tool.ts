import type { AgentTool } from "@earendil-works/pi-agent-core";
import { arr, obj, str } from "@earendil-works/pi-schema";
import { ToolError } from "../tool-error.js";
import { abortable } from "./abortable.js";
import {
  applyTextEdits,
  describeChange,
  detectLineEnding,
  normalizeToLF,
  type TextEdit,
} from "./apply-text-edits.js";
import type { FileAccess } from "./file-access.js";
import { withFileMutationQueue } from "./file-mutation-queue.js";
import { writeFileSafely } from "./file-write.js";

const editParameters = obj({
  path: str({ description: "File to edit: relative to the workspace, or absolute" }),
  edits: arr(
    obj({
      oldText: str({
        description:
          "Text to replace, exactly as it is in the file; it must occur once and not overlap another edit's oldText.",
      }),
      newText: str({ description: "The text that takes its place." }),
    }),
    {
      description:
        "The replacements, each matched against the file as it was before this call. Merge changes of nearby lines into one edit.",
    },
  ),
});

/** What an Edit result carries beside its text: the changed lines, numbered. */
export interface EditToolDetails {
  diff: string;
  firstChangedLine: number;
}

const DESCRIPTION =
  "Edit a file by exact text replacement: each edits[].oldText must occur exactly once in the file and not " +
  "overlap another; all are matched against the file as it was before the call. Keep each oldText small " +
  "but unique, and merge changes of nearby lines into one edit.";

/** Accepts what models also send: `edits` as a JSON string, or one top-level `oldText`/`newText` pair. */
function prepareEditArguments(input: unknown): unknown {
  if (input === null || typeof input !== "object") return input;
  const args = { ...(input as Record<string, unknown>) };
  if (typeof args["edits"] === "string") {
    try {
      const parsed: unknown = JSON.parse(args["edits"]);
      if (Array.isArray(parsed)) args["edits"] = parsed;
    } catch {
      // Left as given: validation names the problem.
    }
  }
  const { oldText, newText, ...rest } = args;
  if (typeof oldText !== "string" || typeof newText !== "string") return args;
  const edits = Array.isArray(rest["edits"]) ? [...rest["edits"]] : [];
  edits.push({ oldText, newText });
  return { ...rest, edits };
}

/**
 * The Edit tool over `files`: the path is checked for writing (`files.resolve`), the file read through its
 * verified descriptor, the replacements applied under the exact-unique rule of {@link applyTextEdits}
 * (its BOM and line endings kept) and the result written like Write writes (never through a link).
 */
export function createEditTool(files: FileAccess): AgentTool<typeof editParameters, EditToolDetails> {
  return {
    name: "Edit",
    label: "Edit",
    description: DESCRIPTION,
    parameters: editParameters,
    prepareArguments: prepareEditArguments as AgentTool<typeof editParameters>["prepareArguments"],
    execute: (_toolCallId, { path, edits }, signal) =>
      abortable(signal, async () => {
        if (!Array.isArray(edits) || edits.length === 0) {
          throw new Error("Edit tool input is invalid. edits must contain at least one replacement.");
        }
        const absolute = await files.resolve(path, "write");
        return withFileMutationQueue(absolute, async () => {
          try {
            await (await files.openFile(absolute, "write")).close();
          } catch (error) {
            // A refusal of ours names the problem and the fix: pass it on whole, with its code.
            if (ToolError.isInstance(error)) throw error;
            const reason =
              error instanceof Error && "code" in error ? `Error code: ${String(error.code)}` : String(error);
            throw new Error(`Could not edit file: ${path}. ${reason}.`);
          }
          const raw = (await files.readFile(absolute, "write")).toString("utf8");
          const bom = raw.startsWith("\uFEFF") ? "\uFEFF" : "";
          const text = raw.slice(bom.length);
          const ending = detectLineEnding(text);
          const { baseContent, newContent } = applyTextEdits(normalizeToLF(text), edits as TextEdit[], path);
          if (signal?.aborted) throw new Error("Operation aborted");
          await writeFileSafely(
            files,
            absolute,
            bom + (ending === "\r\n" ? newContent.replace(/\n/g, "\r\n") : newContent),
          );
          return {
            content: [{ type: "text", text: `Successfully replaced ${edits.length} block(s) in ${path}.` }],
            details: describeChange(baseContent, newContent),
          };
        });
      }),
  };
}
