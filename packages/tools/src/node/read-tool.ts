import type { AgentTool, AgentToolResult } from "@earendil-works/pi-agent-core";
import { num, obj, opt, str } from "@earendil-works/pi-schema";
import { abortable } from "./abortable.js";
import type { FileAccess } from "./file-access.js";
import { TOOL_OUTPUT_MAX_BYTES, TOOL_OUTPUT_MAX_LINES } from "./file-tool-limits.js";
import { fitImage } from "./fit-image.js";
import { imageMimeTypeOf } from "./image-mime-type.js";
import { formatSize, type Truncation, truncateHead } from "./truncate-output.js";

const readParameters = obj({
  path: str({ description: "File to read: relative to the workspace, or absolute" }),
  offset: opt(num({ description: "First line to show, counting from 1" })),
  limit: opt(num({ description: "Most lines to show" })),
});

/** What a Read result carries beside its text: how the text was cut, when it was. */
export interface ReadToolDetails {
  truncation?: Truncation;
}

const DESCRIPTION =
  "Read a file. Text comes back as is; jpg, png, gif and webp images come back as image attachments. " +
  `A call shows at most ${TOOL_OUTPUT_MAX_LINES} lines or ${TOOL_OUTPUT_MAX_BYTES / 1024}KB, whichever comes first; ` +
  "page through a longer file with offset and limit, continuing at the offset the notice names.";

/**
 * The Read tool over `files`: the model's path is resolved and checked (`files.resolve`), then the file is
 * opened with no-follow flags and checked on its descriptor. Text is cut to {@link TOOL_OUTPUT_MAX_LINES}
 * lines / {@link TOOL_OUTPUT_MAX_BYTES} with a notice naming the offset to continue at; images are attached
 * (scaled down to fit the inline image bounds).
 */
export function createReadTool(
  files: FileAccess,
): AgentTool<typeof readParameters, ReadToolDetails | undefined> {
  return {
    name: "Read",
    label: "Read",
    description: DESCRIPTION,
    parameters: readParameters,
    execute: (_toolCallId, { path, offset, limit }, signal) =>
      abortable(signal, async () => {
        const absolute = await files.resolve(path, "read");
        await (await files.openFile(absolute, "read")).close();
        const bytes = await files.readFile(absolute, "read");
        const mimeType = imageMimeTypeOf(bytes);
        return mimeType ? readImage(bytes, mimeType) : readText(bytes.toString("utf8"), path, offset, limit);
      }),
  };
}

async function readImage(bytes: Buffer, mimeType: string): Promise<AgentToolResult<undefined>> {
  const fitted = await fitImage(bytes, mimeType);
  if (!fitted) {
    return {
      content: [
        {
          type: "text",
          text: `Read image file [${mimeType}]\n[Image omitted: it could not be scaled below the inline image size limit.]`,
        },
      ],
      details: undefined,
    };
  }
  const note = fitted.resized
    ? `\n[Image: original ${fitted.originalWidth}x${fitted.originalHeight}, displayed at ${fitted.width}x${fitted.height}. Multiply coordinates by ${(fitted.originalWidth / fitted.width).toFixed(2)} to map to original image.]`
    : "";
  return {
    content: [
      { type: "text", text: `Read image file [${fitted.mimeType}]${note}` },
      { type: "image", data: fitted.data, mimeType: fitted.mimeType },
    ],
    details: undefined,
  };
}

function readText(
  text: string,
  path: string,
  offset: number | undefined,
  limit: number | undefined,
): AgentToolResult<ReadToolDetails | undefined> {
  const lines = text.split("\n");
  const start = offset ? Math.max(0, offset - 1) : 0;
  if (start >= lines.length) {
    throw new Error(`Offset ${offset} is beyond end of file (${lines.length} lines total)`);
  }
  const end = limit !== undefined ? Math.min(start + limit, lines.length) : lines.length;
  const truncation = truncateHead(lines.slice(start, end).join("\n"));
  const first = start + 1;
  const result = (body: string, details?: ReadToolDetails): AgentToolResult<ReadToolDetails | undefined> => ({
    content: [{ type: "text", text: body }],
    details,
  });
  if (truncation.firstLineExceedsLimit) {
    const size = formatSize(Buffer.byteLength(lines[start] ?? "", "utf8"));
    return result(
      `[Line ${first} is ${size}, exceeds ${formatSize(TOOL_OUTPUT_MAX_BYTES)} limit. Use bash: sed -n '${first}p' ${path} | head -c ${TOOL_OUTPUT_MAX_BYTES}]`,
      { truncation },
    );
  }
  if (truncation.truncated) {
    const last = first + truncation.outputLines - 1;
    const bound = truncation.truncatedBy === "lines" ? "" : ` (${formatSize(TOOL_OUTPUT_MAX_BYTES)} limit)`;
    return result(
      `${truncation.content}\n\n[Showing lines ${first}-${last} of ${lines.length}${bound}. Use offset=${last + 1} to continue.]`,
      { truncation },
    );
  }
  if (limit !== undefined && end < lines.length) {
    return result(
      `${truncation.content}\n\n[${lines.length - end} more lines in file. Use offset=${end + 1} to continue.]`,
    );
  }
  return result(truncation.content);
}
