import { groupRolloverBuckets } from "@mono-agent/ids";
import { liveRunsOfConversation } from "@mono-agent/run-history/sqlite";
import {
  type ConversationReset,
  conversationBusyError,
  resetConversationRecords,
} from "../../app/conversations/reset-conversation.js";
import { assertConversationId } from "../../conversations/conversation-id.js";
import {
  CONVERSATION_LIST_MAX_LIMIT,
  type ConversationSummary,
} from "../../conversations/conversation-store.js";
import type { CliIo } from "../cli-io.js";
import { EXIT_FAILURE, EXIT_OK, ExitError, failureOf, usageError } from "../exit-error.js";
import { agentConfigOptions, loadAgentConfigAndEnv } from "../load-agent-config.js";
import { parseCommandArgs } from "../parse-command-args.js";
import { openAgentConversationStore, storeAction } from "./open-agent-conversation-stores.js";
import { openAgentResetStores } from "./open-agent-reset-stores.js";
import { renderConversationTable, renderReset } from "./render-conversations.js";

const USAGE =
  "mono-agent conversations list [--limit N] [--json] | conversations reset <conversationId> [--json]  [--config FILE] [--env-file FILE]";

/** Conversations `conversations list` shows when no --limit is given. */
export const CONVERSATIONS_LIST_DEFAULT_LIMIT = 20;

const HELP = `usage: ${USAGE}

Works on the agent's stored conversations (.mono-agent/conversations.sqlite, or PostgreSQL with storage.postgres)
directly; no model is loaded.

  conversations list           stored conversations, most recently updated first; with daily rollover
                               the #YYYY-MM-DD buckets of one conversation are grouped under its id
    --limit N                  at most N, 1..${CONVERSATION_LIST_MAX_LIMIT} (default ${CONVERSATIONS_LIST_DEFAULT_LIMIT})
  conversations reset <id>     forget a conversation, so its next run starts fresh: its stored messages and
                               its SessionHistory records, over every #YYYY-MM-DD bucket of it. Recorded
                               runs stay (mono-agent runs list). Refused while a recorded run of it is running.
                               With storage.postgres it clears the shared stores: forgotten on every host.
  --json                       print one JSON object
  --config FILE                the agent's config (default ./mono-agent.config.json)
  --env-file FILE              fill unset variables from a dotenv file (default: .env in the agent folder)
`;

export async function conversationsCommand(argv: readonly string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseCommandArgs(
    argv,
    {
      limit: { type: "string" },
      json: { type: "boolean" },
      config: { type: "string" },
      "env-file": { type: "string" },
      help: { type: "boolean", short: "h" },
    },
    USAGE,
  );
  if (values.help) {
    io.stdout.write(HELP);
    return EXIT_OK;
  }
  const [action, ...rest] = positionals;
  if (action !== "list" && action !== "reset")
    throw usageError(
      action === undefined ? "say list or reset" : `unknown action "${action}"; use list or reset`,
      USAGE,
    );
  const configOptions = agentConfigOptions(values);
  if (action === "list") {
    if (rest.length > 0) throw usageError(`unexpected argument "${rest[0]}"`, USAGE);
    const limit = parseLimit(values.limit);
    return listConversations(io, { limit, json: values.json === true, configOptions });
  }
  if (values.limit !== undefined) throw usageError("--limit belongs to conversations list", USAGE);
  if (rest.length !== 1) throw usageError("conversations reset takes exactly one conversation id", USAGE);
  const conversationId = rest[0]!;
  try {
    assertConversationId(conversationId);
  } catch (error) {
    throw usageError(error instanceof Error ? error.message : String(error), USAGE);
  }
  return resetConversation(io, conversationId, { json: values.json === true, configOptions });
}

function parseLimit(text: string | undefined): number {
  if (text === undefined) return CONVERSATIONS_LIST_DEFAULT_LIMIT;
  const limit = Number(text);
  if (!/^\d+$/.test(text) || limit < 1 || limit > CONVERSATION_LIST_MAX_LIMIT)
    throw usageError(
      `--limit must be a whole number from 1 to ${CONVERSATION_LIST_MAX_LIMIT}; got "${text}"`,
      USAGE,
    );
  return limit;
}

async function listConversations(
  io: CliIo,
  options: { limit: number; json: boolean; configOptions: { config?: string; envFile?: string } },
): Promise<number> {
  const { loaded, env } = await loadAgentConfigAndEnv(io, options.configOptions);
  const store = await openAgentConversationStore(loaded, env);
  // With daily rollover, buckets are grouped under their logical conversation: read the most the store
  // lists, then keep `limit` groups.
  const daily = loaded.config.runtime.session.rollover === "daily";
  const [stored, total] = store
    ? await storeAction(store.location, async () => {
        try {
          return [
            await store.listConversations({ limit: daily ? CONVERSATION_LIST_MAX_LIMIT : options.limit }),
            await store.countConversations(),
          ] as const;
        } finally {
          await store.close();
        }
      })
    : [[], 0];
  const listed: (ConversationSummary & { buckets?: ConversationSummary[] })[] = daily
    ? groupRolloverBuckets(stored).slice(0, options.limit)
    : [...stored];
  if (options.json) {
    const view = (conversation: ConversationSummary) => ({
      conversationId: conversation.conversationId,
      messageCount: conversation.messageCount,
      createdAt: new Date(conversation.createdAtMs).toISOString(),
      updatedAt: new Date(conversation.updatedAtMs).toISOString(),
    });
    const conversations = listed.map((conversation) => ({
      ...view(conversation),
      ...(conversation.buckets ? { buckets: conversation.buckets.map(view) } : {}),
    }));
    io.stdout.write(`${JSON.stringify({ conversations, count: conversations.length, total })}\n`);
  } else if (listed.length === 0) {
    io.stdout.write("No conversations stored yet.\n");
  } else {
    io.stdout.write(renderConversationTable(listed));
    io.stdout.write(
      `Showing ${listed.length} of ${total}. \`mono-agent conversations reset <conversationId>\` forgets one.\n`,
    );
  }
  return EXIT_OK;
}

async function resetConversation(
  io: CliIo,
  conversationId: string,
  options: { json: boolean; configOptions: { config?: string; envFile?: string } },
): Promise<number> {
  const { loaded, env } = await loadAgentConfigAndEnv(io, options.configOptions);
  const stores = await openAgentResetStores(loaded, env);
  let reset: ConversationReset;
  try {
    // This process runs nothing: what may be running is recorded in the run store by other processes
    // (with storage.postgres: by every host).
    if (stores.runs) {
      const live = await liveRunsOfConversation(stores.runs, conversationId).catch((error: unknown) => {
        throw failureOf(error);
      });
      if (live.length > 0)
        throw new ExitError(conversationBusyError(conversationId, live).message, EXIT_FAILURE);
    }
    try {
      reset = await resetConversationRecords({
        conversationId,
        conversations: stores.conversations,
        toolHistory: stores.toolHistory,
      });
    } catch (error) {
      throw new ExitError(
        `${error instanceof Error ? error.message : String(error)}\n` +
          `the reset may be partial; run \`mono-agent conversations reset ${conversationId}\` again once the cause is fixed`,
        EXIT_FAILURE,
      );
    }
  } finally {
    await stores.close();
  }
  io.stdout.write(options.json ? `${JSON.stringify(reset)}\n` : renderReset(reset));
  return EXIT_OK;
}
