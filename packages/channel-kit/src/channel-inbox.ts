import type {
  ChannelApp,
  ChannelAttachment,
  ChannelPerson,
  ChannelRunEvent,
  ChannelRunResult,
} from "./channel-app.js";
import { type ChannelSessionOptions, channelConversationId } from "./channel-conversation-id.js";
import type { EventDedupeStore } from "./event-dedupe-store.js";

/** One inbound message a channel turns into a run. */
export interface InboundMessage {
  /** Dedupe key of the platform event (`slack:<event_id>`, `telegram:<update_id>`). */
  eventKey: string;
  /** `slack:<C>:<ts>`, `telegram:<chat>`: the logical conversation, without a rollover bucket. */
  logicalConversationId: string;
  input: string;
  /** `slack`, `telegram`. */
  source: string;
  /** Who sent it (absent when the platform names no user): the run's asker. */
  from?: ChannelPerson;
  /** Fetches the files the user attached (called once, when the run starts). */
  attachments?: () => Promise<ChannelAttachment[]>;
  /** Where the run's reply goes. */
  reply: InboundReply;
}

/** The channel's side of one run: its events while it runs, then the result. */
export interface InboundReply {
  onEvent(event: ChannelRunEvent): void;
  /** The run settled (or could not start: `result` is then undefined and `error` says why). */
  settled(result: ChannelRunResult | undefined, error?: unknown): Promise<void>;
}

/** Options of {@link createChannelInbox}. */
export interface ChannelInboxOptions {
  app: ChannelApp;
  dedupe: EventDedupeStore;
  session: ChannelSessionOptions;
  /** Clock for the rollover bucket (tests inject one). */
  now?: () => Date;
  /** Told of a failure no reply could carry (a dedupe store error, a reply that threw). */
  onError?: (error: unknown) => void;
}

/** Messages waiting behind a running one in one conversation before new ones are refused. */
export const INBOX_MAX_QUEUED_PER_CONVERSATION = 20;

/** What {@link ChannelInbox.accept} did with a message. */
export type InboxDecision = "accepted" | "duplicate" | "busy" | "closed";

/** Where a channel's messages become runs: deduplicated, and one at a time per conversation, in order. */
export interface ChannelInbox {
  /** Decides at once (so the platform can be acknowledged) and runs the message in the background. */
  accept(message: InboundMessage): Promise<InboxDecision>;
  /** Stops accepting and waits for the runs in progress and queued. */
  close(): Promise<void>;
}

/**
 * The inbound seam every channel shares: a message's event key is taken once (a retried delivery gets
 * `duplicate`), its conversation id gets the rollover bucket of its arrival, and runs of one logical
 * conversation run one after the other in arrival order, so a second message in a thread continues the
 * conversation the first one left.
 */
export function createChannelInbox(options: ChannelInboxOptions): ChannelInbox {
  const now = options.now ?? (() => new Date());
  const queues = new Map<string, { tail: Promise<void>; size: number }>();
  const running = new Set<Promise<void>>();
  let closed = false;

  const runOne = async (message: InboundMessage, conversationId: string) => {
    let result: ChannelRunResult | undefined;
    let failure: unknown;
    try {
      const attachments = message.attachments ? await message.attachments() : [];
      result = await options.app.run({
        input: message.input,
        conversationId,
        source: message.source,
        ...(attachments.length > 0 ? { attachments } : {}),
        ...(message.from ? { startedBy: message.from } : {}),
        onEvent: (event) => message.reply.onEvent(event),
      });
    } catch (error) {
      failure = error;
    }
    try {
      await message.reply.settled(result, failure);
    } catch (error) {
      options.onError?.(error);
    }
  };

  return {
    async accept(message) {
      if (closed) return "closed";
      const queue = queues.get(message.logicalConversationId) ?? { tail: Promise.resolve(), size: 0 };
      if (queue.size >= INBOX_MAX_QUEUED_PER_CONVERSATION) return "busy";
      if (!(await options.dedupe.firstSeen(message.eventKey))) return "duplicate";
      if (closed) return "closed";
      const conversationId = channelConversationId(message.logicalConversationId, options.session, now());
      queue.size += 1;
      queues.set(message.logicalConversationId, queue);
      const done = queue.tail.then(() => runOne(message, conversationId));
      queue.tail = done;
      running.add(done);
      void done.finally(() => {
        running.delete(done);
        queue.size -= 1;
        if (queue.size === 0 && queues.get(message.logicalConversationId) === queue)
          queues.delete(message.logicalConversationId);
      });
      return "accepted";
    },
    async close() {
      closed = true;
      await Promise.allSettled([...running]);
    },
  };
}
