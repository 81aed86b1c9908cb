import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { createSecretScanner, type SecretScanner } from "@mono-agent/evidence";
import { REMEMBER_TEXT_MAX_CHARS } from "./limits.js";
import { MemoryError } from "./memory-error.js";
import type { MemoryStore } from "./memory-store.js";
import { normalizeRememberText } from "./normalize-memory-text.js";
import { serveSingleTool } from "./serve-single-tool.js";

/** MCP server name of Remember (reference §2.3). */
export const REMEMBER_SERVER_NAME = "mono-agent-memory-write";

/** Context of {@link createRememberServer}. */
export interface RememberServerContext {
  store: MemoryStore;
  /**
   * The host-resolved environment, scanned for configured credential values. Never `process.env`
   * unless the host decided so: a secret passed only to the host is still recognized.
   */
  env?: Readonly<Record<string, string | undefined>>;
  /** A scanner built once by the host; when given, `env` is not read. */
  secretScanner?: SecretScanner;
}

/** Description the model sees. */
export const REMEMBER_DESCRIPTION =
  "Durably store one fact the user explicitly asked you to remember (or that they stated as lasting and " +
  "want kept). One call stores one fact as one line; it is recallable through MemoryRecall as soon as this " +
  `returns. The text is NFKC-normalized, trimmed and collapsed to one line; at most ${REMEMBER_TEXT_MAX_CHARS} ` +
  "characters. Never include secrets (API keys, tokens, passwords): such text is rejected. Memory is " +
  "append-only: there is no edit or delete through this tool. If a result says the fact is durable but " +
  "not yet indexed, retry with the identical wording; do not reword it.";

const INPUT_SCHEMA = {
  type: "object" as const,
  properties: {
    text: {
      type: "string",
      minLength: 1,
      description: `The one fact to remember, as a single statement (at most ${REMEMBER_TEXT_MAX_CHARS} characters).`,
    },
  },
  required: ["text"],
  additionalProperties: false,
};

function notStored(reason: string): CallToolResult {
  return {
    isError: true,
    content: [{ type: "text", text: `Not stored: ${reason}` }],
    structuredContent: { schema: 1, stored: false, reason },
  };
}

function durableButUnindexed(storedText: string, reason: string): CallToolResult {
  const text =
    `The fact is durable but not yet indexed: "${storedText}". ${reason} Retry Remember with the identical ` +
    "wording to complete it; do not reword it, or one fact would become two memories.";
  return {
    isError: true,
    content: [{ type: "text", text }],
    structuredContent: { schema: 1, stored: true, indexed: false, storedText, reason },
  };
}

/** Reads the strict `{ "text": "..." }` input; a string describing the problem when it is wrong. */
function readText(args: Record<string, unknown>): string | { problem: string } {
  const extra = Object.keys(args).filter((key) => key !== "text");
  if (extra.length > 0) {
    return { problem: `Unexpected field(s) ${extra.join(", ")}; the input is exactly { "text": "..." }.` };
  }
  const text = args["text"];
  if (typeof text !== "string" || text.length === 0) {
    return { problem: 'The input is { "text": "..." } with a non-empty string.' };
  }
  return text;
}

/**
 * The Remember MCP server: strict `{ text }`, normalized and checked for secrets before anything is
 * written, stored through `ctx.store`, echoing exactly what was stored. Create one per HTTP request.
 */
export function createRememberServer(ctx: RememberServerContext): McpServer {
  const scanner = ctx.secretScanner ?? createSecretScanner({ env: ctx.env ?? {} });
  return serveSingleTool({
    serverName: REMEMBER_SERVER_NAME,
    toolName: "Remember",
    description: REMEMBER_DESCRIPTION,
    inputSchema: INPUT_SCHEMA,
    annotations: { title: "Remember", readOnlyHint: false, destructiveHint: false, idempotentHint: true },
    async handle(args, signal) {
      const input = readText(args);
      if (typeof input !== "string") return notStored(input.problem);
      let storedText: string;
      try {
        storedText = normalizeRememberText(input);
      } catch (error) {
        return notStored(MemoryError.isInstance(error) ? error.message : "The text could not be read.");
      }
      const secretReason = scanner.rejectReason(storedText);
      if (secretReason !== undefined) return notStored(secretReason);
      if (signal.aborted) return notStored("The call was cancelled before anything was written.");
      try {
        const outcome = await ctx.store.remember({ text: storedText, signal });
        const verb = outcome.duplicate ? "Already remembered" : "Remembered";
        return {
          content: [{ type: "text", text: `${verb}: "${outcome.storedText}"` }],
          structuredContent: {
            schema: 1,
            id: outcome.id,
            source: outcome.source,
            storedText: outcome.storedText,
            duplicate: outcome.duplicate,
          },
        };
      } catch (error) {
        if (MemoryError.isInstance(error) && error.canonicalWritten) {
          return durableButUnindexed(storedText, "Its search index could not be updated.");
        }
        if (MemoryError.isInstance(error) && error.code !== "store_unavailable") {
          return notStored(`${error.message} Nothing was written.`);
        }
        return notStored(
          "The memory store is unavailable right now. Nothing was written; you may try again later.",
        );
      }
    },
  });
}
