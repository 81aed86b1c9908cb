import { CONVERSATION_TITLE_MODEL_TOOL_NAME } from "../src/node/web-runs.js";
import type { WebConsoleApp, WebRunRequest, WebRunResult } from "../src/web-console-app.js";

/**
 * A scripted app for the console's own tests: each message is answered by words streamed one by one;
 * a message with `[title: X]` first calls SetConversationTitle with X (as the real app's tool would),
 * and one with `[hold]` waits until cancelled. Every request is kept.
 */
export function scriptedConsoleApp(): WebConsoleApp & { requests: WebRunRequest[] } {
  const requests: WebRunRequest[] = [];
  return {
    requests,
    async run(request): Promise<WebRunResult> {
      requests.push(request);
      const emit = request.onEvent;
      emit({
        type: "run_started",
        runId: `run-${requests.length}`,
        conversationId: request.conversationId,
        model: "scripted",
        tools: [],
      });
      const title = /\[title: ([^\]]+)\]/.exec(request.input)?.[1];
      if (title !== undefined && request.web.titleWritable) {
        const toolCallId = `call-${requests.length}`;
        emit({
          type: "tool_started",
          toolCallId,
          name: CONVERSATION_TITLE_MODEL_TOOL_NAME,
          arguments: { title },
        });
        request.web.onTitleProposal?.(title);
        emit({
          type: "tool_finished",
          toolCallId,
          name: CONVERSATION_TITLE_MODEL_TOOL_NAME,
          isError: false,
          durationMs: 1,
          preview: "Title proposed",
        });
      }
      if (request.input.includes("[hold]"))
        await new Promise<void>((resolve) =>
          request.signal.addEventListener("abort", () => resolve(), { once: true }),
        );
      if (request.signal.aborted) return { status: "cancelled", finalText: "" };
      const words = `You said: ${request.input.replace(/\[[^\]]*\]/g, "").trim()}`.split(" ");
      let finalText = "";
      for (const [index, word] of words.entries()) {
        const piece = index === 0 ? word : ` ${word}`;
        finalText += piece;
        emit({ type: "text_delta", text: piece });
        await new Promise((resolve) => setImmediate(resolve));
      }
      return { status: "succeeded", finalText };
    },
  };
}
