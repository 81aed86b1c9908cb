import {
  Agent,
  type AgentEvent,
  type AgentMessage,
  type AgentTool,
  type BeforeToolCallContext,
  type BeforeToolCallResult,
  type StreamFn,
  type ThinkingLevel,
} from "@earendil-works/pi-agent-core";
import type { Api, AssistantMessage, Model } from "@earendil-works/pi-ai";
import { classifyRunFailure, type PiSessionFailureKind } from "./classify-run-failure.js";
import { type LiveToolSource, prepareLiveTools } from "./prepare-live-tools.js";
import { streamWithOwnSignal } from "./stream-with-own-signal.js";

/** Options of {@link runPiSession}. */
export interface RunPiSessionOptions {
  /** The model, from `resolveModel`. */
  model: Model<Api>;
  /** Streams the model, from `resolveModel` (a pi-ai `Models` collection's `streamSimple`). */
  streamFn: StreamFn;
  /** Key lookup for the model's provider, from `resolveModel`. */
  getApiKey: (provider: string) => string | undefined;
  /** The agent's instructions. A line with the date (and the workspace, when given) is appended. */
  systemPrompt: string;
  /** Earlier messages of the conversation, oldest first (from the conversation store). */
  history: readonly AgentMessage[];
  /** The tools offered when the run starts. */
  tools: readonly AgentTool[];
  /** The tools of each model call (servers that connected late, changed tool lists); default: `tools` throughout. */
  liveTools?: LiveToolSource;
  /** The user's message. */
  prompt: string;
  /** Aborting it (SIGINT in the CLI) settles the run as `cancelled`. */
  signal: AbortSignal;
  /** Receives every Pi agent event as it happens (text deltas, tool calls, tool results ...). */
  onEvent?: (event: AgentEvent) => void | Promise<void>;
  /** Optional gate run before each tool call (return `{ block: true, reason }` to refuse it). */
  beforeToolCall?: (
    context: BeforeToolCallContext,
    signal?: AbortSignal,
  ) => Promise<BeforeToolCallResult | undefined>;
  /** Workspace directory named in the appended system-prompt line. */
  workspaceDir?: string;
  /** Reasoning effort (`runtime.effort`) for models that support it; default `off`. */
  thinkingLevel?: ThinkingLevel;
  /** Clock for the date line (tests pass a fixed date). */
  now?: Date;
}

/** Token usage summed over the run's model calls. */
export interface PiSessionUsage {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
  totalTokens: number;
  costUsd: number;
}

/** How a run settled. */
export interface PiSessionResult {
  status: "succeeded" | "failed" | "cancelled";
  /** Messages this run added (the user prompt first): append them to the conversation store. */
  newMessages: AgentMessage[];
  /** Text of the run's last assistant message ("" when it failed before answering). */
  finalText: string;
  usage: PiSessionUsage;
  /** Set when `status` is `failed` or `cancelled`. */
  error?: { kind: PiSessionFailureKind; message: string };
}

/**
 * Run one prompt through a fresh pi-agent-core `Agent` (one per run): history restored, tools
 * snapshotted, events forwarded. Never throws for model or tool failures: a provider error settles
 * as `failed` with a failure kind, an aborted `signal` as `cancelled`.
 */
export async function runPiSession(options: RunPiSessionOptions): Promise<PiSessionResult> {
  const agent = new Agent({
    initialState: {
      systemPrompt: withRunContextLine(options.systemPrompt, options.now ?? new Date(), options.workspaceDir),
      model: options.model,
      thinkingLevel: options.thinkingLevel ?? "off",
      tools: [...options.tools],
      messages: [...options.history],
    },
    getApiKey: options.getApiKey,
    streamFn: streamWithOwnSignal(options.streamFn),
    ...(options.liveTools !== undefined ? { prepareRequest: prepareLiveTools(options.liveTools) } : {}),
    ...(options.beforeToolCall !== undefined ? { beforeToolCall: options.beforeToolCall } : {}),
  });
  const onEvent = options.onEvent;
  const unsubscribe = onEvent === undefined ? undefined : agent.subscribe((event) => onEvent(event));
  const abort = () => agent.abort();
  let thrown: unknown;
  if (options.signal.aborted) {
    return settle([], options.signal, undefined);
  }
  options.signal.addEventListener("abort", abort, { once: true });
  try {
    await agent.prompt(options.prompt);
  } catch (error) {
    thrown = error;
  } finally {
    options.signal.removeEventListener("abort", abort);
    unsubscribe?.();
  }
  // pi 1.x keeps the system prompt and the tool declarations in the transcript as system messages; the
  // conversation store keeps only what was said (each run declares its own prompt and tools again).
  return settle(
    agent.state.messages.slice(historyLength(options.history)).filter((message) => message.role !== "system"),
    options.signal,
    thrown,
  );
}

/** Where this run's messages start in `agent.state.messages`: after the leading system message and the history. */
function historyLength(history: readonly AgentMessage[]): number {
  return history[0]?.role === "system" ? history.length : history.length + 1;
}

function settle(newMessages: AgentMessage[], signal: AbortSignal, thrown: unknown): PiSessionResult {
  const assistantMessages = newMessages.filter(
    (message): message is AssistantMessage => (message as { role?: string }).role === "assistant",
  );
  const last = assistantMessages.at(-1);
  const usage = sumUsage(assistantMessages);
  const finalText = last === undefined ? "" : textOf(last);
  if (signal.aborted || last?.stopReason === "aborted") {
    return {
      status: "cancelled",
      newMessages,
      finalText,
      usage,
      error: { kind: "cancelled", message: "The run was cancelled." },
    };
  }
  if (thrown !== undefined || last === undefined || last.stopReason === "error") {
    const message =
      thrown !== undefined
        ? thrown instanceof Error
          ? thrown.message
          : String(thrown)
        : (last?.errorMessage ?? "The model returned no answer.");
    return {
      status: "failed",
      newMessages,
      finalText,
      usage,
      error: { kind: classifyRunFailure(message, last, thrown), message },
    };
  }
  return { status: "succeeded", newMessages, finalText, usage };
}

function withRunContextLine(systemPrompt: string, now: Date, workspaceDir: string | undefined): string {
  const date = now.toISOString().slice(0, 10);
  const line =
    workspaceDir === undefined
      ? `Current date: ${date}.`
      : `Current date: ${date}. Workspace: ${workspaceDir}.`;
  return systemPrompt.trim().length === 0 ? line : `${systemPrompt.trimEnd()}\n\n${line}`;
}

function textOf(message: AssistantMessage): string {
  return message.content
    .filter((block) => block.type === "text")
    .map((block) => block.text)
    .join("");
}

function sumUsage(messages: readonly AssistantMessage[]): PiSessionUsage {
  const usage: PiSessionUsage = {
    input: 0,
    output: 0,
    cacheRead: 0,
    cacheWrite: 0,
    totalTokens: 0,
    costUsd: 0,
  };
  for (const message of messages) {
    usage.input += message.usage.input;
    usage.output += message.usage.output;
    usage.cacheRead += message.usage.cacheRead;
    usage.cacheWrite += message.usage.cacheWrite;
    usage.totalTokens += message.usage.totalTokens;
    usage.costUsd += message.usage.cost.total;
  }
  return usage;
}
