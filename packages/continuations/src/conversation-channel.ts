import type {
  ContinuationChannel,
  ContinuationDeliveryOutcome,
  ContinuationDeliveryRequest,
} from "./continuation-ports.js";

/**
 * The conversation store a {@link createConversationChannel} delivers into. The host owns the store
 * and its message shape; the channel only asks these four things of it.
 */
export interface ConversationChannelPort {
  /** Whether `conversationId` is one the store holds (the channel allowlist). */
  accepts(conversationId: string): boolean;
  /** Whether the store holds messages written under `runId` (in `conversationId`, when given). */
  hasRun(runId: string, conversationId?: string): Promise<boolean>;
  /** The text of the message delivered as `deliveryId` into `conversationId`, if it was. */
  deliveredText(deliveryId: string, conversationId: string): Promise<string | undefined>;
  /**
   * Appends `text` to `conversationId` as one assistant message under the run id `deliveryId`, in one
   * transaction (so after a crash `hasRun` tells whether it happened).
   */
  appendDelivery(conversationId: string, deliveryId: string, text: string): Promise<void>;
}

/** A continuation message that reached its conversation. */
export interface DeliveredContinuation {
  /** `continuation-<continuationId>`: the run id of its message. */
  deliveryId: string;
  conversationId: string;
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

/** Options of {@link createConversationChannel}. */
export interface ConversationChannelOptions {
  recordRun?: DeliveryRecorder;
  /** Posts a delivery into its chat platform thread too (Slack), before it is appended to the store. */
  poster?: ContinuationPoster;
  /** Told of every delivery that reached its conversation (live views); a throw is ignored. */
  onDelivered?: (delivery: DeliveredContinuation) => void;
}

/**
 * The conversation-store channel: a delivered continuation is appended to its conversation as one
 * message under the run id `continuation-<id>` (so the next run sees it), and, with a `recordRun`,
 * recorded as a settled run (so run history shows it). The append is one transaction, so after a
 * crash `lookupDelivery` can tell whether it happened; the run record is idempotent and is written
 * again on a repeat if it is missing.
 */
export function createConversationChannel(
  conversations: ConversationChannelPort,
  options: ConversationChannelOptions = {},
): ContinuationChannel {
  const { recordRun, onDelivered, poster } = options;
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
    accepts: (conversationId) => conversations.accepts(conversationId),
    async deliver(request) {
      if (!(await conversations.hasRun(request.deliveryId, request.conversationId))) {
        // Posted first: a post that fails throws, so the record is retried and nothing was stored; once
        // stored, a repeat of the same delivery id posts nothing again.
        if (poster?.accepts(request.conversationId)) await poster.post(request.conversationId, request.text);
        await conversations.appendDelivery(request.conversationId, request.deliveryId, request.text);
      }
      return outcome(request);
    },
    async lookupDelivery(deliveryId, conversationId, origin) {
      const text = await conversations.deliveredText(deliveryId, conversationId);
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
