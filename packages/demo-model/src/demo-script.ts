import {
  type Context,
  getCurrentTools,
  type Message,
  type Tool,
  type ToolResultMessage,
} from "@earendil-works/pi-ai";
import { chooseToolForPrompt, type DemoToolChoice, fillRequired } from "./demo-tool-choice.js";

/** One scripted reply of the demo model: text to stream, then at most one tool call. */
export interface DemoReply {
  text: string;
  toolCall?: { id: string; name: string; arguments: Record<string, unknown> };
}

interface PlannedCall extends DemoToolChoice {
  /** Chosen because it fits what the prompt asks (arithmetic, a time zone), not by a word of its name. */
  fitsPrompt?: boolean;
}

/** Most tool names listed in the demo's first reply; the rest are counted (keeps the reply readable). */
export const DEMO_LISTED_TOOLS_MAX = 40;

/** Characters of each tool result the demo quotes in its answer (enough to show it is the real output). */
export const DEMO_EXCERPT_MAX_CHARACTERS = 400;

const MCP_TOOL_PREFIX = "mcp__";
const READ_TOOL_NAME = "Read";
const DEFAULT_READ_PATH = "README.md";
const STOP_WORDS = new Set(
  "the and for you your with what when where which this that from into have has are was were can could would should please tell show give about there their them then than use using get".split(
    " ",
  ),
);

/**
 * Decide the demo model's next reply from the context alone (deterministic): introduce itself and
 * list its tools, call one MCP tool, call Read, then answer from the tool results of this turn.
 */
export function planDemoReply(context: Context): DemoReply {
  // pi 1.x carries the system prompt and the tool declarations as system messages in the transcript.
  const tools = context.tools ?? getCurrentTools(context.messages);
  const said = context.messages.filter((message) => message.role !== "system");
  const lastUserIndex = findLastIndex(said, (message) => message.role === "user");
  const turnMessages = said.slice(lastUserIndex + 1);
  const step = turnMessages.filter((message) => message.role === "assistant").length;
  const prompt = lastUserIndex >= 0 ? messageText(said[lastUserIndex]!) : "";
  const plan = planCalls(prompt, tools);
  const turnNumber = said.filter((message) => message.role === "user").length;
  const callId = (index: number) => `demo-${turnNumber}-${index + 1}`;

  if (step === 0) {
    const intro = introduction(tools, lastUserIndex, plan);
    const first = plan[0];
    if (first === undefined) return { text: `${intro}\n\n${finalAnswer([])}` };
    return { text: intro, toolCall: { id: callId(0), name: first.name, arguments: first.arguments } };
  }
  const next = plan[step];
  if (next !== undefined) {
    return {
      text: `Next I call ${next.name} ${next.reason}.`,
      toolCall: { id: callId(step), name: next.name, arguments: next.arguments },
    };
  }
  const results = turnMessages.filter(
    (message): message is ToolResultMessage => message.role === "toolResult",
  );
  return { text: finalAnswer(results, plan) };
}

function introduction(tools: readonly Tool[], lastUserIndex: number, plan: readonly PlannedCall[]): string {
  const lines = [
    "I am mono-agent's offline demo model: a fixed script, not an LLM. I need no API key and no network, " +
      "but my tool calls go through the real runtime, exactly as a real model's would.",
  ];
  if (tools.length === 0) {
    lines.push("I was given no tools.");
  } else {
    const names = tools.slice(0, DEMO_LISTED_TOOLS_MAX).map((tool) => tool.name);
    const more =
      tools.length > DEMO_LISTED_TOOLS_MAX ? `, and ${tools.length - DEMO_LISTED_TOOLS_MAX} more` : "";
    lines.push(
      `I was given ${tools.length} tool${tools.length === 1 ? "" : "s"}: ${names.join(", ")}${more}.`,
    );
  }
  if (lastUserIndex > 0) {
    lines.push(
      `This conversation already holds ${lastUserIndex} earlier messages, restored from the conversation store.`,
    );
  }
  const first = plan[0];
  if (first !== undefined) lines.push(`First I call ${first.name} ${first.reason}.`);
  return lines.join("\n");
}

/** The direct answer of a fitted call whose result is `{ "expression", "result" }` JSON: `17 * 23 = 391`. */
function directAnswer(
  results: readonly ToolResultMessage[],
  plan: readonly PlannedCall[],
): string | undefined {
  const first = plan[0];
  const result = results.find((entry) => entry.toolName === first?.name);
  if (!first?.fitsPrompt || !result || result.isError) return undefined;
  try {
    const parsed = JSON.parse(messageText(result)) as Record<string, unknown>;
    if (typeof parsed["expression"] === "string" && parsed["result"] !== undefined)
      return `${parsed["expression"]} = ${String(parsed["result"])} (from ${first.name}).`;
    if (typeof parsed["local"] === "string" && typeof parsed["timeZone"] === "string")
      return `In ${parsed["timeZone"]} it is ${parsed["local"]} (from ${first.name}).`;
  } catch {
    return undefined;
  }
  return undefined;
}

function finalAnswer(results: readonly ToolResultMessage[], plan: readonly PlannedCall[] = []): string {
  if (results.length === 0) {
    return (
      "I found no MCP tool I could call without arguments and no Read tool, so I have no tool results to report. " +
      "Set runtime.model to a real model to get real answers (see docs/models.md)."
    );
  }
  const direct = directAnswer(results, plan);
  const parts = [...(direct ? [direct] : []), "Here is what the tools gave me:"];
  for (const result of results) {
    const verb = result.isError ? "failed with" : "returned";
    parts.push(`- ${result.toolName} ${verb}:\n${quote(excerpt(messageText(result)))}`);
  }
  parts.push(
    "That is all mono-agent's offline demo model (a script, not an LLM) can do. Set runtime.model to a real model to get real answers (see docs/models.md).",
  );
  return parts.join("\n\n");
}

function planCalls(prompt: string, tools: readonly Tool[]): PlannedCall[] {
  const calls: PlannedCall[] = [];
  const mcpCall = chooseMcpCall(prompt, tools);
  if (mcpCall !== undefined) calls.push(mcpCall);
  const path = mentionedPath(prompt);
  if (tools.some((tool) => tool.name === READ_TOOL_NAME) && (path || !mcpCall?.fitsPrompt)) {
    calls.push({
      name: READ_TOOL_NAME,
      arguments: { path: path ?? DEFAULT_READ_PATH },
      reason: path
        ? `on ${path}, the file your message mentions`
        : `on ${DEFAULT_READ_PATH} in the workspace`,
    });
  }
  return calls;
}

function chooseMcpCall(prompt: string, tools: readonly Tool[]): PlannedCall | undefined {
  const mcpTools = tools.filter((tool) => tool.name.startsWith(MCP_TOOL_PREFIX));
  const fitted = chooseToolForPrompt(prompt, mcpTools);
  if (fitted !== undefined) return { ...fitted, fitsPrompt: true };
  const words = (prompt.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter(
    (word) => word.length >= 3 && !STOP_WORDS.has(word),
  );
  for (const tool of mcpTools) {
    const toolPart = tool.name.slice(tool.name.lastIndexOf("__") + 2).toLowerCase();
    const word = words.find((candidate) => toolPart.includes(candidate));
    const args = word === undefined ? undefined : fillRequired(tool.parameters, prompt);
    if (word !== undefined && args !== undefined) {
      return { name: tool.name, arguments: args, reason: `(its name matches "${word}" from your message)` };
    }
  }
  const noArguments = mcpTools.find((tool) => requiredProperties(tool).length === 0);
  if (noArguments === undefined) return undefined;
  return { name: noArguments.name, arguments: {}, reason: "(the first MCP tool that needs no arguments)" };
}

function requiredProperties(tool: Tool): string[] {
  const required = asRecord(tool.parameters)?.["required"];
  return Array.isArray(required) ? required.filter((name): name is string => typeof name === "string") : [];
}

function mentionedPath(prompt: string): string | undefined {
  const candidates = prompt.match(/[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.[A-Za-z0-9]{1,8}\b/g) ?? [];
  return candidates.find((candidate) => !/^[a-z]+:\/\//i.test(candidate) && !/^\d+(\.\d+)+$/.test(candidate));
}

function excerpt(text: string): string {
  const trimmed = text.trim();
  if (trimmed.length === 0) return "(empty)";
  if (trimmed.length <= DEMO_EXCERPT_MAX_CHARACTERS) return trimmed;
  return `${trimmed.slice(0, DEMO_EXCERPT_MAX_CHARACTERS)}… (${trimmed.length - DEMO_EXCERPT_MAX_CHARACTERS} more characters)`;
}

function quote(text: string): string {
  return text
    .split("\n")
    .map((line) => `> ${line}`)
    .join("\n");
}

function messageText(message: Message): string {
  if (typeof message.content === "string") return message.content;
  return message.content
    .map((block) => {
      if (block.type === "text") return block.text;
      if (block.type === "image") return `[image ${block.mimeType}]`;
      return "";
    })
    .filter((text) => text.length > 0)
    .join("\n");
}

function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

function findLastIndex<T>(items: readonly T[], predicate: (item: T) => boolean): number {
  for (let index = items.length - 1; index >= 0; index--) {
    if (predicate(items[index]!)) return index;
  }
  return -1;
}
