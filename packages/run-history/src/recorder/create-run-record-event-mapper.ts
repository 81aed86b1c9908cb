import type { RunEvent, RunTextBlock, RunToolUseBlock } from "../run-event.js";
import type {
  RecordableAgentEvent,
  RecordedMessageEnd,
  RecordedToolExecutionEnd,
  RecordedToolExecutionStart,
} from "./recorded-run.js";

const MCP_TOOL_PREFIX = "mcp__";

function textBlocks(content: unknown): RunTextBlock[] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  if (!Array.isArray(content)) return [];
  return content.flatMap((block: { type?: unknown; text?: unknown; mimeType?: unknown }) => {
    if (block?.type === "text" && typeof block.text === "string")
      return [{ type: "text" as const, text: block.text }];
    if (block?.type === "image")
      return [{ type: "text" as const, text: `[image ${String(block.mimeType ?? "")}]` }];
    return [];
  });
}

/**
 * Turns the Pi agent events of one run into recorded events (reference §4.1 shapes): an `assistant`
 * event per model message (text and tool calls; reasoning is left out), a `user` tool_result and a
 * `tool_timing` event per finished tool call. Other Pi events record nothing.
 */
export function createRunRecordEventMapper(now: () => number = () => performance.now()) {
  const startedAt = new Map<string, number>();
  return (agentEvent: RecordableAgentEvent): RunEvent[] => {
    switch (agentEvent.type) {
      case "message_end": {
        const message = (agentEvent as RecordedMessageEnd).message as { role?: unknown; content?: unknown };
        if (message.role !== "assistant" || !Array.isArray(message.content)) return [];
        const content: (RunTextBlock | RunToolUseBlock)[] = [];
        for (const block of message.content as { type?: unknown; [key: string]: unknown }[]) {
          if (block.type === "text" && typeof block["text"] === "string" && block["text"] !== "")
            content.push({ type: "text", text: block["text"] });
          else if (block.type === "toolCall")
            content.push({
              type: "tool_use",
              id: String(block["id"]),
              name: String(block["name"]),
              input: block["arguments"] ?? {},
            });
        }
        return content.length > 0 ? [{ type: "assistant", message: { content } }] : [];
      }
      case "tool_execution_start":
        startedAt.set((agentEvent as RecordedToolExecutionStart).toolCallId, now());
        return [];
      case "tool_execution_end": {
        const event = agentEvent as RecordedToolExecutionEnd;
        const executionMs = Math.round(now() - (startedAt.get(event.toolCallId) ?? now()));
        startedAt.delete(event.toolCallId);
        const isMcp = event.toolName.startsWith(MCP_TOOL_PREFIX);
        return [
          {
            type: "user",
            message: {
              content: [
                {
                  type: "tool_result",
                  tool_use_id: event.toolCallId,
                  content: textBlocks((event.result as { content?: unknown } | undefined)?.content),
                  is_error: event.isError,
                  ...(isMcp ? { mcp_call_duration_ms: executionMs } : {}),
                },
              ],
            },
          },
          {
            type: "tool_timing",
            tool_use_id: event.toolCallId,
            name: event.toolName,
            execution_ms: executionMs,
          },
        ];
      }
      default:
        return [];
    }
  };
}
