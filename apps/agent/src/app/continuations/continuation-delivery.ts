import type { AgentMessage } from "@mariozechner/pi-agent-core";
import type {
  ContinuationChannel,
  ContinuationDeliveryOutcome,
  ContinuationDeliveryRequest,
} from "@mono-agent/continuations";
import Database from "better-sqlite3";
import { CONVERSATION_ID_PATTERN } from "../../conversations/conversation-id.js";
import type { ConversationStore, SqliteConversationStore } from "../../conversations/conversation-store.js";

/** The assistant message a delivered continuation (or, with `model: "adapter-send"`, a channel send) becomes in its conversation. */
export function continuationMessage(text: string, now: number, model = "continuation"): AgentMessage {
  return {
    role: "assistant",
    content: [{ type: "text", text }],
    api: "openai-completions",
    provider: "mono-agent",
    model,
    usage: {
      input: 0,
      output: 0,
      cacheRead: 0,
      cacheWrite: 0,
      totalTokens: 0,
      cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
    },
    stopReason: "stop",
    timestamp: now,
  } as AgentMessage;
}

/**
 * Runs `read` on the conversation store opened read-only; `fallback` when the store does not exist yet or
 * cannot be read (these lookups decide nothing on their own: a missing answer means "not delivered").
 */
function readConversations<T>(file: string, fallback: T, read: (sqlite: Database.Database) => T): T {
  let sqlite: Database.Database | undefined;
  try {
    sqlite = new Database(file, { readonly: true, fileMustExist: true });
    return read(sqlite);
  } catch {
    return fallback;
  } finally {
    sqlite?.close();
  }
}

/** Whether the conversation store holds messages written under `runId` (read-only query). */
export function conversationHasRun(file: string, runId: string, conversationId?: string): boolean {
  return readConversations(file, false, (sqlite) => {
    const row =
      conversationId === undefined
        ? sqlite.prepare("SELECT 1 FROM conversation_messages WHERE run_id = ? LIMIT 1").get(runId)
        : sqlite
            .prepare("SELECT 1 FROM conversation_messages WHERE conversation_id = ? AND run_id = ? LIMIT 1")
            .get(conversationId, runId);
    return row !== undefined;
  });
}

/** The text of the continuation message delivered as `deliveryId` into `conversationId`, if it was. */
export function deliveredText(file: string, deliveryId: string, conversationId: string): string | undefined {
  return readConversations(file, undefined, (sqlite) => {
    const row = sqlite
      .prepare(
        "SELECT message_json AS json FROM conversation_messages WHERE conversation_id = ? AND run_id = ? ORDER BY sequence LIMIT 1",
      )
      .get(conversationId, deliveryId) as { json: string } | undefined;
    return row === undefined ? undefined : messageText(row.json);
  });
}

/** How the channel tells whether a delivery reached its conversation (SQLite file reads by default). */
export interface DeliveryLookups {
  hasRun(runId: string, conversationId?: string): Promise<boolean>;
  /** The text of the message delivered as `deliveryId` into `conversationId`, if it was. */
  deliveredText(deliveryId: string, conversationId: string): Promise<string | undefined>;
}

/** The lookups of the SQLite conversation store `file` (read-only queries). */
export function sqliteDeliveryLookups(file: string): DeliveryLookups {
  return {
    hasRun: async (runId, conversationId) => conversationHasRun(file, runId, conversationId),
    deliveredText: async (deliveryId, conversationId) => deliveredText(file, deliveryId, conversationId),
  };
}

/** The lookups of a shared conversation store: `readMessageJson` reads the first message of a run. */
export function storeDeliveryLookups(
  conversations: ConversationStore,
  readMessageJson: (conversationId: string, runId: string) => Promise<string | undefined>,
): DeliveryLookups {
  return {
    hasRun: (runId, conversationId) => conversations.hasRun(runId, conversationId),
    deliveredText: async (deliveryId, conversationId) => {
      const json = await readMessageJson(conversationId, deliveryId);
      return json === undefined ? undefined : messageText(json);
    },
  };
}

/** A continuation message that reached its conversation. */
export interface DeliveredContinuation {
  /** `continuation-<continuationId>`: the run id of its message. */
  deliveryId: string;
  conversationId: string;
}

/** A delivered continuation message as a conversation view shows it. */
export interface ConversationDelivery {
  deliveryId: string;
  text: string;
  deliveredAtMs: number;
}

/** Deliveries one view lists (the newest), like the turns of a web thread view. */
export const CONVERSATION_DELIVERIES_PER_VIEW = 200;

/**
 * The continuation messages delivered into `conversationId`, oldest first (the newest
 * {@link CONVERSATION_DELIVERIES_PER_VIEW}); empty when the store does not exist yet. Read-only.
 */
export function listConversationDeliveries(file: string, conversationId: string): ConversationDelivery[] {
  return readConversations(file, [], (sqlite) => {
    const rows = sqlite
      .prepare(
        `SELECT run_id AS runId, message_json AS json, created_at_ms AS at FROM conversation_messages
         WHERE conversation_id = ? AND run_id LIKE 'continuation-%' ORDER BY sequence DESC LIMIT ?`,
      )
      .all(conversationId, CONVERSATION_DELIVERIES_PER_VIEW) as { runId: string; json: string; at: number }[];
    return rows.reverse().map((row) => ({
      deliveryId: row.runId,
      text: messageText(row.json),
      deliveredAtMs: row.at,
    }));
  });
}

function messageText(json: string): string {
  const content = (JSON.parse(json) as { content?: { type?: string; text?: string }[] }).content;
  return (content ?? []).map((block) => (block.type === "text" ? (block.text ?? "") : "")).join("");
}

/** Records a delivery in run history; throws when it could not (the message is delivered anyway). */
export type DeliveryRecorder = (
  delivery: Pick<
    ContinuationDeliveryRequest,
    "deliveryId" | "conversationId" | "serverName" | "originRunId" | "synthesisUsage"
  > & {
    text: string;
  },
) => Promise<void>;

/** A chat platform a delivered continuation is posted into (the thread or chat of its conversation). */
export interface ContinuationPoster {
  /** Whether `conversationId` lives on the platform and may be posted to now (the allowlist rechecked). */
  accepts(conversationId: string): boolean;
  /** Posts the text; throws when the platform refused it (the delivery is then retried). */
  post(conversationId: string, text: string): Promise<void>;
}

/** `historyErrorCode` of a delivery that reached the conversation but not run history. */
export const RUN_HISTORY_FAILED = "run_history_failed";

/**
 * The conversation-store channel: a delivered continuation is appended to its conversation as one
 * assistant message under the run id `continuation-<id>` (so the next run sees it), and, with a
 * `recordRun`, recorded as a settled run of source `continuation` (so `mono-agent runs` and RunHistory
 * show it). The append is one transaction, so after a crash `lookupDelivery` can tell whether it
 * happened; the run record is idempotent and is written again on a repeat if it is missing.
 */
export function createConversationChannel(
  conversations: SqliteConversationStore | ConversationStore,
  options: {
    /** Default: the SQLite store's file, read-only. */
    lookups?: DeliveryLookups;
    recordRun?: DeliveryRecorder;
    /** Posts a delivery into its chat platform thread too (Slack), before it is appended to the store. */
    poster?: ContinuationPoster;
    /** Told of every delivery that reached its conversation (live views); a throw is ignored. */
    onDelivered?: (delivery: DeliveredContinuation) => void;
  } = {},
): ContinuationChannel {
  const { recordRun, onDelivered, poster } = options;
  const lookups = options.lookups ?? sqliteDeliveryLookups((conversations as SqliteConversationStore).file);
  const outcome = async (request: Parameters<DeliveryRecorder>[0]): Promise<ContinuationDeliveryOutcome> => {
    const base = {
      channel: request.conversationId.slice(0, request.conversationId.indexOf(":")),
      deliveryId: request.deliveryId,
    };
    try {
      onDelivered?.({ deliveryId: request.deliveryId, conversationId: request.conversationId });
    } catch {
      // A live view that fails to refresh does not make the delivery fail.
    }
    if (!recordRun) return { ...base, historyRecorded: true };
    try {
      await recordRun(request);
      return { ...base, historyRecorded: true };
    } catch {
      return { ...base, historyRecorded: false, historyErrorCode: RUN_HISTORY_FAILED };
    }
  };
  return {
    accepts: (conversationId) => CONVERSATION_ID_PATTERN.test(conversationId),
    async deliver(request) {
      if (!(await lookups.hasRun(request.deliveryId, request.conversationId))) {
        // Posted first: a post that fails throws, so the record is retried and nothing was stored; once
        // stored, a repeat of the same delivery id posts nothing again.
        if (poster?.accepts(request.conversationId)) await poster.post(request.conversationId, request.text);
        await conversations.appendMessages(request.conversationId, request.deliveryId, [
          continuationMessage(request.text, Date.now()),
        ]);
      }
      return outcome(request);
    },
    async lookupDelivery(deliveryId, conversationId, origin) {
      const text = await lookups.deliveredText(deliveryId, conversationId);
      if (text === undefined) return undefined;
      return outcome({
        deliveryId,
        conversationId,
        serverName: origin?.serverName ?? "unknown server",
        originRunId: origin?.originRunId ?? "unknown",
        ...(origin?.synthesisUsage ? { synthesisUsage: origin.synthesisUsage } : {}),
        text,
      });
    },
  };
}
