/** Length of the result preview in `tool_finished`, in characters: enough to recognise a result at a glance. */
export const TOOL_PREVIEW_CHARACTERS = 200;

/** The pi agent events the mapper reads (pi-agent-core's `AgentEvent` fits); others are passed over. */
export type MappableAgentEvent =
  | { type: "message_update"; assistantMessageEvent: { type: string; delta?: string } }
  | { type: "tool_execution_start"; toolCallId: string; toolName: string; args: unknown }
  | { type: "tool_execution_end"; toolCallId: string; toolName: string; result: unknown; isError: boolean }
  | { type: string };

/** The live run events a pi agent event becomes: streamed text, and each tool call's start and end. */
export type MappedRunEvent =
  | { type: "text_delta"; text: string }
  | { type: "tool_started"; toolCallId: string; name: string; arguments: unknown }
  | {
      type: "tool_finished";
      toolCallId: string;
      name: string;
      isError: boolean;
      durationMs: number;
      preview: string;
    };

type Narrow<Type extends string> = Extract<MappableAgentEvent, { type: Type }>;

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
  return (agentEvent: MappableAgentEvent): MappedRunEvent | undefined => {
    switch (agentEvent.type) {
      case "message_update": {
        const event = agentEvent as Narrow<"message_update">;
        return event.assistantMessageEvent.type === "text_delta"
          ? { type: "text_delta", text: event.assistantMessageEvent.delta ?? "" }
          : undefined;
      }
      case "tool_execution_start": {
        const event = agentEvent as Narrow<"tool_execution_start">;
        startedAt.set(event.toolCallId, now());
        return {
          type: "tool_started",
          toolCallId: event.toolCallId,
          name: event.toolName,
          arguments: event.args,
        };
      }
      case "tool_execution_end": {
        const event = agentEvent as Narrow<"tool_execution_end">;
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
