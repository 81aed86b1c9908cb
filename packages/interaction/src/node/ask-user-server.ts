import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { ADAPTER_SEND_SERVER_NAME } from "@mono-agent/policy";
import {
  ASK_USER_INPUT_SCHEMA,
  type AskAudience,
  type AskBroker,
  type AskRecord,
  InteractionError,
  parseAskUserInput,
} from "../index.js";

/** The tool's name (policy catalog: adapter tool `AskUser`, alias `ask_user`). */
export const ASK_USER_TOOL_NAME = "AskUser";

/** What the model reads about AskUser. */
export const ASK_USER_TOOL_DESCRIPTION =
  "Ask the person you are working for 1-5 short questions and wait for the answers. Each question has a header " +
  "(at most 12 characters), the question, 2-3 options { label, description? } and multiSelect (true when several " +
  "options may be chosen); the person may also type a free-text answer. Use it when you need a decision or a fact " +
  "only they have, not to confirm what you were already asked to do. One question card at a time per conversation.";

/** Where the AskUser server sends its asks and what it waits with. */
export interface AskUserServerOptions {
  broker: AskBroker;
  runId: string;
  conversationId: string;
  /** Longest wait (`interaction.askUser.timeoutMs`); null = no expiry. */
  timeoutMs: number | null;
  /** The run's signal: the ask is cancelled when the run ends. */
  signal: AbortSignal;
  /** Who may answer: `askAudience(rules, "question", startedBy)`. */
  audience: AskAudience;
}

const errorResult = (text: string) => ({ content: [{ type: "text" as const, text }], isError: true });

/** The model-facing text of a settled ask. */
export function describeAskOutcome(ask: AskRecord): { text: string; isError: boolean } {
  if (ask.status === "expired")
    return { text: "No answer came in time: the question expired.", isError: true };
  if (ask.status === "cancelled")
    return {
      text: `The question was cancelled (${ask.cancelReason ?? "cancelled"}); there is no answer.`,
      isError: true,
    };
  if (ask.answer?.kind !== "question") return { text: "The question has no answer.", isError: true };
  const who =
    ask.answeredBy?.displayName ?? ask.answeredBy?.userId ?? `the ${ask.answeredBy?.channel ?? "user"} user`;
  const lines = ask.answer.answers.map((answer) => {
    const parts = [...answer.selected];
    if (answer.text) parts.push(`"${answer.text}"`);
    return `${answer.header}: ${parts.join(", ")}`;
  });
  return { text: `Answered by ${who}:\n${lines.join("\n")}`, isError: false };
}

/** A fresh MCP server (`mono-agent-adapter-send`) with the one tool AskUser, bound to one run. */
export function createAskUserServer(options: AskUserServerOptions): McpServer {
  const mcp = new McpServer(
    { name: ADAPTER_SEND_SERVER_NAME, version: "1.0.0" },
    { capabilities: { tools: {} } },
  );
  mcp.server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      {
        name: ASK_USER_TOOL_NAME,
        title: "Ask the user",
        description: ASK_USER_TOOL_DESCRIPTION,
        inputSchema: ASK_USER_INPUT_SCHEMA,
      },
    ],
  }));
  mcp.server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    if (request.params.name !== ASK_USER_TOOL_NAME)
      return errorResult(
        `Unknown tool "${request.params.name}"; this server has only ${ASK_USER_TOOL_NAME}.`,
      );
    const parsed = parseAskUserInput(request.params.arguments ?? {});
    if (!parsed.ok) return errorResult(`${ASK_USER_TOOL_NAME} refused the input: ${parsed.message}.`);
    const signal = AbortSignal.any([options.signal, extra.signal]);
    try {
      const ask = await options.broker.ask(
        {
          kind: "question",
          runId: options.runId,
          conversationId: options.conversationId,
          prompt: parsed.prompt,
          timeoutMs: options.timeoutMs,
          audience: options.audience,
        },
        signal,
      );
      const outcome = describeAskOutcome(ask);
      return {
        content: [{ type: "text" as const, text: outcome.text }],
        ...(outcome.isError ? { isError: true } : {}),
        ...(ask.answer?.kind === "question"
          ? { structuredContent: { status: ask.status, answers: ask.answer.answers } }
          : {}),
      };
    } catch (error) {
      if (InteractionError.isInstance(error)) {
        if (error.code === "no_channel")
          return errorResult(
            "No one can answer here: this run has no person at a terminal or browser to ask. Go on without the answer, or say what you need to know in your reply.",
          );
        if (error.code === "ask_pending")
          return errorResult(`${error.message} (409: one question card at a time per conversation).`);
        return errorResult(error.message);
      }
      throw error;
    }
  });
  return mcp;
}
