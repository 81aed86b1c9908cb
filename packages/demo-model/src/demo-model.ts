import {
  type AssistantMessage,
  type AssistantMessageEventStream,
  type Context,
  createAssistantMessageEventStream,
  createProvider,
  type Model,
  type Provider,
  type StreamOptions,
  type ToolCall,
  type Usage,
} from "@earendil-works/pi-ai";
import { planDemoReply } from "./demo-script.js";

/** pi-ai api id under which the demo model's stream function is registered. */
export const DEMO_API = "mono-agent-demo";

/** Provider name of the demo model (what `getApiKey` is asked for). */
export const DEMO_PROVIDER = "demo";

/** The `runtime.model` values that select the demo model. */
export const DEMO_MODEL_REFS: readonly string[] = ["demo", "demo:demo"];

/**
 * Pause between streamed chunks of the demo's text, so a terminal shows it arriving the way a real
 * model's does. Small enough that a whole demo run streams in well under a second per reply.
 */
export const DEMO_STREAM_CHUNK_DELAY_MS = 4;

/** Words per streamed text chunk (a real provider sends a few tokens per delta). */
export const DEMO_WORDS_PER_CHUNK = 3;

/** The demo model as a pi-ai model object (api {@link DEMO_API}, provider {@link DEMO_PROVIDER}). */
export function demoModel(): Model<typeof DEMO_API> {
  return {
    id: "demo",
    name: "mono-agent offline demo model (scripted, not an LLM)",
    api: DEMO_API,
    provider: DEMO_PROVIDER,
    baseUrl: "offline:",
    reasoning: false,
    input: ["text"],
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 },
    contextWindow: 1_000_000,
    maxTokens: 16_384,
  };
}

/**
 * The demo model's pi-ai provider (id {@link DEMO_PROVIDER}, one model): add it to a `Models`
 * collection with `createModels().setProvider(demoProvider())` and stream through that collection.
 * Needs no key and no network; see {@link planDemoReply} for what it says and which tools it calls.
 */
export function demoProvider(): Provider {
  return createProvider({
    id: DEMO_PROVIDER,
    name: "mono-agent demo",
    auth: { apiKey: { name: "mono-agent demo (no key)", resolve: async () => ({ auth: {} }) } },
    models: [demoModel()],
    api: { stream: streamDemoReply, streamSimple: streamDemoReply },
  });
}

function streamDemoReply(
  model: Model<string>,
  context: Context,
  options?: StreamOptions,
): AssistantMessageEventStream {
  const stream = createAssistantMessageEventStream();
  void emitReply(stream, model, context, options?.signal).catch((error: unknown) => {
    const failed = emptyMessage(model, context, "error");
    failed.errorMessage = error instanceof Error ? error.message : String(error);
    stream.push({ type: "error", reason: "error", error: failed });
    stream.end(failed);
  });
  return stream;
}

async function emitReply(
  stream: AssistantMessageEventStream,
  model: Model<string>,
  context: Context,
  signal: AbortSignal | undefined,
): Promise<void> {
  const reply = planDemoReply(context);
  const partial = emptyMessage(model, context, reply.toolCall ? "toolUse" : "stop");
  const aborted = () => {
    if (!signal?.aborted) return false;
    const message: AssistantMessage = {
      ...partial,
      stopReason: "aborted",
      errorMessage: "Request was aborted",
    };
    stream.push({ type: "error", reason: "aborted", error: message });
    stream.end(message);
    return true;
  };
  if (aborted()) return;
  stream.push({ type: "start", partial: { ...partial } });
  const text = { type: "text" as const, text: "" };
  partial.content = [text];
  stream.push({ type: "text_start", contentIndex: 0, partial: { ...partial } });
  for (const chunk of chunkWords(reply.text)) {
    await pause();
    if (aborted()) return;
    text.text += chunk;
    stream.push({ type: "text_delta", contentIndex: 0, delta: chunk, partial: { ...partial } });
  }
  stream.push({ type: "text_end", contentIndex: 0, content: text.text, partial: { ...partial } });
  if (reply.toolCall) {
    const toolCall: ToolCall = {
      type: "toolCall",
      ...reply.toolCall,
      // The demo's arguments are JSON by construction: tool names, paths and short strings.
      arguments: reply.toolCall.arguments as ToolCall["arguments"],
    };
    partial.content = [text, { ...toolCall, arguments: {} }];
    stream.push({ type: "toolcall_start", contentIndex: 1, partial: { ...partial } });
    await pause();
    if (aborted()) return;
    stream.push({
      type: "toolcall_delta",
      contentIndex: 1,
      delta: JSON.stringify(toolCall.arguments),
      partial,
    });
    partial.content = [text, toolCall];
    stream.push({ type: "toolcall_end", contentIndex: 1, toolCall, partial: { ...partial } });
  }
  partial.usage = estimateUsage(context, reply.text);
  const final: AssistantMessage = { ...partial, timestamp: Date.now() };
  stream.push({ type: "done", reason: final.stopReason === "toolUse" ? "toolUse" : "stop", message: final });
  stream.end(final);
}

function emptyMessage(model: Model<string>, context: Context, stopReason: AssistantMessage["stopReason"]) {
  const message: AssistantMessage = {
    role: "assistant",
    content: [],
    api: model.api,
    provider: model.provider,
    model: model.id,
    usage: estimateUsage(context, ""),
    stopReason,
    timestamp: Date.now(),
  };
  return message;
}

function chunkWords(text: string): string[] {
  const words = text.match(/\S+\s*|\s+/g) ?? [];
  const chunks: string[] = [];
  for (let index = 0; index < words.length; index += DEMO_WORDS_PER_CHUNK) {
    chunks.push(words.slice(index, index + DEMO_WORDS_PER_CHUNK).join(""));
  }
  return chunks;
}

function pause(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, DEMO_STREAM_CHUNK_DELAY_MS));
}

/** Rough token counts (4 characters per token) so run summaries show non-zero usage. */
function estimateUsage(context: Context, outputText: string): Usage {
  const inputCharacters = JSON.stringify(context.messages).length + (context.systemPrompt?.length ?? 0);
  const input = Math.ceil(inputCharacters / 4);
  const output = Math.ceil(outputText.length / 4);
  return {
    input,
    output,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: input + output,
    cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
  };
}
