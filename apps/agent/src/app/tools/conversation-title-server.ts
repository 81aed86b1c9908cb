import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { CallToolRequestSchema, ListToolsRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { CONVERSATION_SERVER_NAME } from "@mono-agent/policy";
import {
  CONVERSATION_TITLE_MAX_CHARACTERS,
  CONVERSATION_TITLE_TOOL_NAME,
  parseConversationTitleInput,
} from "@mono-agent/web-console";

/** What the model reads about the tool: name the whole conversation, refine it, never a status line. */
export const CONVERSATION_TITLE_TOOL_DESCRIPTION =
  "Propose a title for this web conversation. Name the conversation as a whole: what the person and you are " +
  "working on together, in a few words. Call it again to refine the name when a better name for the whole " +
  "thread emerges. Never use it as a status line for the step in progress. " +
  `Input { "title": "..." }: at most ${CONVERSATION_TITLE_MAX_CHARACTERS} characters, no control characters; ` +
  "whitespace is normalized. The result is a proposal: the web console applies it out of band and may decline it.";

/**
 * The advertised input schema: exactly one string field, nothing else. The length is checked by the tool
 * after whitespace is normalized (so no `maxLength` here), with an error that names the limit.
 */
const INPUT_SCHEMA = {
  type: "object" as const,
  properties: {
    title: {
      type: "string",
      description: `A short name for the whole conversation, at most ${CONVERSATION_TITLE_MAX_CHARACTERS} characters.`,
    },
  },
  required: ["title"],
  additionalProperties: false,
};

/** Options of {@link createConversationTitleServer}. */
export interface ConversationTitleServerOptions {
  /** Receives each valid proposal (normalized); the web service decides whether it lands. */
  onProposal: (title: string) => void;
}

/**
 * A fresh MCP server (`mono-agent-conversation`) with the one tool SetConversationTitle. Invalid input is an
 * error result naming what was wrong; a valid title becomes a proposal with structured content
 * `{ status: "proposed", title }`, and the text never claims that the rename landed.
 */
export function createConversationTitleServer(options: ConversationTitleServerOptions): McpServer {
  const mcp = new McpServer(
    { name: CONVERSATION_SERVER_NAME, version: "1.0.0" },
    { capabilities: { tools: {} } },
  );
  mcp.server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      {
        name: CONVERSATION_TITLE_TOOL_NAME,
        title: "Set conversation title",
        description: CONVERSATION_TITLE_TOOL_DESCRIPTION,
        inputSchema: INPUT_SCHEMA,
        outputSchema: {
          type: "object" as const,
          properties: { status: { type: "string", enum: ["proposed"] }, title: { type: "string" } },
          required: ["status", "title"],
        },
      },
    ],
  }));
  mcp.server.setRequestHandler(CallToolRequestSchema, async (request) => {
    if (request.params.name !== CONVERSATION_TITLE_TOOL_NAME)
      return {
        content: [
          {
            type: "text",
            text: `Unknown tool "${request.params.name}"; this server has only ${CONVERSATION_TITLE_TOOL_NAME}.`,
          },
        ],
        isError: true,
      };
    const parsed = parseConversationTitleInput(request.params.arguments ?? {});
    if (!parsed.ok)
      return {
        content: [
          { type: "text", text: `${CONVERSATION_TITLE_TOOL_NAME} refused the input: ${parsed.message}` },
        ],
        isError: true,
      };
    options.onProposal(parsed.title);
    return {
      content: [
        {
          type: "text",
          text: `Title proposed: ${JSON.stringify(parsed.title)}. The web console applies proposals out of band and may decline them.`,
        },
      ],
      structuredContent: { status: "proposed", title: parsed.title },
    };
  });
  return mcp;
}
