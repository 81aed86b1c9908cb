import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createSecretScanner, OMISSION_MARKERS, opaquePaths, utf8ByteLength } from "@mono-agent/evidence";
import { RECALL_DEFAULT_LIMIT, RECALL_MAX_LIMIT, RECALL_QUERY_MAX_BYTES } from "./limits.js";
import { MemoryError } from "./memory-error.js";
import type { MemoryStore, RecallResult } from "./memory-store.js";
import { serveSingleTool } from "./serve-single-tool.js";
import { splitModelTextBlocks } from "./split-model-text-blocks.js";

/** MCP server name of MemoryRecall (reference §2.3). */
export const MEMORY_RECALL_SERVER_NAME = "mono-agent-memory";

/**
 * The conditional handoff to RunHistory: in the MemoryRecall description and, verbatim, in every
 * empty result (seed page: empty results repeat that exact handoff instead of inviting rewrites).
 */
export const RUN_HISTORY_HANDOFF =
  "If the user asked to pick up, continue, or recover interrupted work, call RunHistory {} first: memory holds intentionally captured durable facts, not the state of earlier runs.";

/** Description the model sees. */
export const MEMORY_RECALL_DESCRIPTION =
  "Search durable memory: facts that were intentionally captured (through Remember or curated notes). " +
  "Use it proactively when a stored preference, decision or fact about the user or project may matter. " +
  `${RUN_HISTORY_HANDOFF} Use active conversation history for the current exchange and MemoryJournal ` +
  `for broad date-bounded summaries. Input: { "query": "...", "limit": 1-${RECALL_MAX_LIMIT} (default ${RECALL_DEFAULT_LIMIT}) }.`;

/** Context of {@link createMemoryRecallServer}. */
export interface MemoryRecallServerContext {
  store: MemoryStore;
  /** The host-resolved environment, so text carrying a configured secret is withheld. */
  env?: Readonly<Record<string, string | undefined>>;
}

const INPUT_SCHEMA = {
  type: "object" as const,
  properties: {
    query: { type: "string", minLength: 1, description: "What to look for, in a few words." },
    limit: {
      type: "integer",
      minimum: 1,
      maximum: RECALL_MAX_LIMIT,
      default: RECALL_DEFAULT_LIMIT,
      description: `Most hits to return (1-${RECALL_MAX_LIMIT}, default ${RECALL_DEFAULT_LIMIT}).`,
    },
  },
  required: ["query"],
  additionalProperties: false,
};

/** Questions about the current conversation that memory cannot answer (reference §6.4). */
const CONVERSATION_RELATIVE =
  /\b(your|my) (last|previous) (message|answer|reply|question)\b|\bwhat (did|have) (i|you) just (say|said|ask|asked)\b/iu;

function invalid(problem: string): CallToolResult {
  return {
    isError: true,
    content: [{ type: "text", text: `Invalid MemoryRecall input: ${problem}` }],
    structuredContent: { hits: [], error: { code: "invalid_request", message: problem } },
  };
}

function readInput(args: Record<string, unknown>): { query: string; limit: number } | string {
  const extra = Object.keys(args).filter((key) => key !== "query" && key !== "limit");
  if (extra.length > 0) return `unexpected field(s) ${extra.join(", ")}; accepted: query, limit.`;
  const query = args["query"];
  if (typeof query !== "string" || query.trim().length === 0) return "query must be a non-empty string.";
  if (utf8ByteLength(query) > RECALL_QUERY_MAX_BYTES) {
    return `query is longer than ${RECALL_QUERY_MAX_BYTES} UTF-8 bytes.`;
  }
  const limit = args["limit"] ?? RECALL_DEFAULT_LIMIT;
  if (typeof limit !== "number" || !Number.isInteger(limit) || limit < 1 || limit > RECALL_MAX_LIMIT) {
    return `limit must be an integer from 1 to ${RECALL_MAX_LIMIT} (default ${RECALL_DEFAULT_LIMIT}).`;
  }
  return { query, limit };
}

/**
 * The MemoryRecall MCP server: full-text search over current memories. Its availability is the
 * host's `memory.recallTool.enabled` switch, never `tools.allowedTools`. One per HTTP request.
 */
export function createMemoryRecallServer(ctx: MemoryRecallServerContext): McpServer {
  const scanner = createSecretScanner({ env: ctx.env ?? {} });
  return serveSingleTool({
    serverName: MEMORY_RECALL_SERVER_NAME,
    toolName: "MemoryRecall",
    description: MEMORY_RECALL_DESCRIPTION,
    inputSchema: INPUT_SCHEMA,
    annotations: { title: "MemoryRecall", readOnlyHint: true, openWorldHint: false },
    async handle(args) {
      const input = readInput(args);
      if (typeof input === "string") return invalid(input);
      if (CONVERSATION_RELATIVE.test(input.query)) {
        const guidance =
          "This asks about the current conversation, which memory does not hold: read the active conversation history instead.";
        return {
          content: [{ type: "text", text: guidance }],
          structuredContent: { hits: [], conversationRelative: true, guidance },
        };
      }
      let hits: RecallResult["hits"];
      let degraded: RecallResult["degraded"];
      try {
        if (ctx.store.recallWithStatus) ({ hits, degraded } = await ctx.store.recallWithStatus(input));
        else hits = await ctx.store.recall(input);
      } catch (error) {
        const reason =
          MemoryError.isInstance(error) && error.code === "store_unavailable"
            ? error.message
            : "The memory index is unavailable right now.";
        return {
          content: [{ type: "text", text: `${reason} ${RUN_HISTORY_HANDOFF}` }],
          structuredContent: { hits: [], degraded: true, reason },
        };
      }
      const degradedFields = degraded ? { degraded: true, reason: degraded.reason } : {};
      const degradedNote = degraded ? `[degraded: ${degraded.reason}]\n` : "";
      if (hits.length === 0) {
        const text = `${degradedNote}No memories matched "${input.query}". ${RUN_HISTORY_HANDOFF}`;
        return { content: [{ type: "text", text }], structuredContent: { hits: [], ...degradedFields } };
      }
      const safeHits = hits.map((hit) => {
        const unsafe = scanner.findSecrets(hit.text).length > 0 || opaquePaths(hit.text) !== hit.text;
        return { ...hit, text: unsafe ? OMISSION_MARKERS.memoryText : hit.text };
      });
      const lines = safeHits.map((hit) => {
        const prefix = hit.status === "open" ? "" : `[${hit.status}] `;
        return `${hit.score.toFixed(3)}  ${prefix}${hit.text}`;
      });
      return {
        content: splitModelTextBlocks(`${degradedNote}${lines.join("\n")}`),
        structuredContent: { hits: safeHits, ...degradedFields },
      };
    },
  });
}
