import type { OriginMessage } from "./origin-context.js";

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block: { type?: string; text?: string; name?: string }) =>
      block.type === "text"
        ? (block.text ?? "")
        : block.type === "toolCall"
          ? `[called tool ${block.name}]`
          : "",
    )
    .filter((text) => text !== "")
    .join("\n");
}

/**
 * Pi agent messages (`role` with string or block `content`) reduced to what a synthesis reads: user
 * and assistant text (a tool call as `[called tool <name>]`) and tool results; other roles are left out.
 */
export function toOriginMessages(messages: readonly unknown[]): OriginMessage[] {
  const result: OriginMessage[] = [];
  for (const message of messages) {
    const value = message as { role?: string; content?: unknown; toolName?: string };
    if (value.role === "user" || value.role === "assistant")
      result.push({ role: value.role, text: textOf(value.content) });
    else if (value.role === "toolResult")
      result.push({
        role: "toolResult",
        text: textOf(value.content),
        ...(value.toolName ? { toolName: value.toolName } : {}),
      });
  }
  return result;
}
