import type { ImageContent, TextContent } from "@earendil-works/pi-ai";
import type { CallToolResult, ContentBlock } from "@modelcontextprotocol/client";
import { isOversizeOutput, limitToolOutput, type OversizeOutputTarget } from "./limit-tool-output.js";

/** `details` of every MCP tool result the bridge returns to pi. */
export interface McpToolCallDetails {
  serverName: string;
  /** The tool's original name on its server. */
  toolName: string;
  /** The result's `structuredContent`, when the server sent one. */
  structuredContent?: Record<string, unknown>;
  /** True when the text was cut to head + tail; `savedPath` then names the full output (if it could be saved). */
  truncated: boolean;
  savedPath?: string;
  /** The MCP task the result came from, for a tool called as a task. */
  taskId?: string;
  /** Set when the task was still running and continues after the run (see `McpTaskHandoff`). */
  handedOff?: { continuationId: string; deadline: string };
  /** Set on progress updates (pi `onUpdate`), not on final results. */
  progress?: McpToolProgress;
}

/** One MCP progress notification of a running call. */
export interface McpToolProgress {
  progress: number;
  total?: number;
  message?: string;
}

/** A call result in pi's terms, before the error decision. */
export interface MappedToolResult {
  content: (TextContent | ImageContent)[];
  details: McpToolCallDetails;
  /** The server's `isError` flag. */
  isError: boolean;
  /** All text of `content`, joined by newlines (the error message when `isError`). */
  text: string;
}

/**
 * Maps an MCP `callTool` result to pi content: text stays text, images stay images, audio, resource
 * links and binary resources become a short placeholder, embedded text resources become their text.
 * `structuredContent` goes into `details`, and into the text as JSON when there is no content at all.
 * Oversize text is cut to head + tail with the full text saved (see `limitToolOutput`).
 */
export async function mapCallToolResult(
  result: CallToolResult | { toolResult: unknown },
  ref: { serverName: string; toolName: string },
  target: OversizeOutputTarget,
): Promise<MappedToolResult> {
  const blocks: (TextContent | ImageContent)[] = [];
  const content = "content" in result && Array.isArray(result.content) ? result.content : [];
  for (const block of content) blocks.push(mapContentBlock(block, ref));
  const structuredContent =
    "structuredContent" in result && result.structuredContent !== null ? result.structuredContent : undefined;
  if (blocks.length === 0) {
    if (structuredContent !== undefined)
      blocks.push({ type: "text", text: JSON.stringify(structuredContent) });
    else if ("toolResult" in result) blocks.push({ type: "text", text: JSON.stringify(result.toolResult) });
  }
  const isError = "isError" in result && result.isError === true;
  const texts = blocks
    .filter((block): block is TextContent => block.type === "text")
    .map((block) => block.text);
  const text = texts.join("\n");
  const details: McpToolCallDetails = { ...ref, truncated: false };
  if (structuredContent !== undefined)
    details.structuredContent = structuredContent as Record<string, unknown>;
  if (!isOversizeOutput(text)) return { content: blocks, details, isError, text };
  const limited = await limitToolOutput(text, target);
  details.truncated = limited.truncated;
  if (limited.savedPath !== undefined) details.savedPath = limited.savedPath;
  const images = blocks.filter((block): block is ImageContent => block.type === "image");
  return { content: [{ type: "text", text: limited.text }, ...images], details, isError, text: limited.text };
}

function mapContentBlock(block: ContentBlock, ref: { serverName: string }): TextContent | ImageContent {
  switch (block.type) {
    case "text":
      return { type: "text", text: block.text };
    case "image":
      return { type: "image", data: block.data, mimeType: block.mimeType };
    case "audio":
      return {
        type: "text",
        text: `[audio content (${block.mimeType}, ${block.data.length} base64 characters) not shown]`,
      };
    case "resource_link":
      return {
        type: "text",
        text: `[resource link: ${block.name} ${block.uri}; read it with McpResources { "action": "read", "server": "${ref.serverName}", "uri": "${block.uri}" }]`,
      };
    case "resource": {
      const resource = block.resource;
      if ("text" in resource && typeof resource.text === "string") {
        return { type: "text", text: `[resource ${resource.uri}]\n${resource.text}` };
      }
      return {
        type: "text",
        text: `[binary resource ${resource.uri}${resource.mimeType ? ` (${resource.mimeType})` : ""} not shown]`,
      };
    }
    default:
      return {
        type: "text",
        text: `[unsupported content of type ${String((block as { type?: unknown }).type)} not shown]`,
      };
  }
}
