import type { AgentEvent } from "@mariozechner/pi-agent-core";
import { type RunEvent, TOOL_PREVIEW_CHARACTERS } from "./run-events.js";

function resultText(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] } | undefined)?.content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block) => (block.type === "text" ? (block.text ?? "") : `[${block.type}]`))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Turns Pi agent events into run events; remembers when each tool call started, for its duration. */
export function createRunEventMapper(now: () => number = () => performance.now()) {
  const startedAt = new Map<string, number>();
  return (event: AgentEvent): RunEvent | undefined => {
    switch (event.type) {
      case "message_update":
        return event.assistantMessageEvent.type === "text_delta"
          ? { type: "text_delta", text: event.assistantMessageEvent.delta }
          : undefined;
      case "tool_execution_start":
        startedAt.set(event.toolCallId, now());
        return {
          type: "tool_started",
          toolCallId: event.toolCallId,
          name: event.toolName,
          arguments: event.args,
        };
      case "tool_execution_end": {
        const started = startedAt.get(event.toolCallId) ?? now();
        startedAt.delete(event.toolCallId);
        const text = resultText(event.result);
        return {
          type: "tool_finished",
          toolCallId: event.toolCallId,
          name: event.toolName,
          isError: event.isError,
          durationMs: Math.round(now() - started),
          preview:
            text.length > TOOL_PREVIEW_CHARACTERS ? `${text.slice(0, TOOL_PREVIEW_CHARACTERS)}…` : text,
        };
      }
      default:
        return undefined;
    }
  };
}
