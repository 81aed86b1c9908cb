import type { SendPriority } from "./rate-budget.js";
import { splitMessageText } from "./split-message-text.js";

/** How a channel posts and edits the messages of one reply. */
export interface ReplyTarget {
  /** Posts a new message; resolves to its platform id (Slack `ts`, Telegram `message_id`). */
  post(text: string, priority: SendPriority): Promise<string>;
  /** Replaces the text of a message posted by `post`. */
  update(messageId: string, text: string, priority: SendPriority): Promise<void>;
  /**
   * Shows the part still being written as an ephemeral draft (Telegram's `sendMessageDraft` in private
   * chats). With it, interim flushes post only the parts already full and draft the last one; the final
   * flush posts every part as a message.
   */
  draft?(text: string): Promise<void>;
}

/** Options of {@link createReplyStreamWriter}. */
export interface ReplyStreamWriterOptions {
  target: ReplyTarget;
  /** The platform's message limit: longer replies continue in further messages. */
  limit: number;
  /** Least time between two interim flushes, in ms (the bounded edit rate). */
  minUpdateIntervalMs: number;
  /** Platform formatting of the whole reply text (Markdown to mrkdwn), applied before splitting. */
  format?: (text: string) => string;
  /** Platform formatting of one part, applied after splitting (Markdown to Telegram HTML: tags never cut). */
  formatChunk?: (chunk: string) => string;
  /** Whether an interim flush may send now (a rate budget's `tryTake(..., "stream")`); default always. */
  mayStream?: () => boolean;
  /** Timer (tests inject one). Default `setTimeout` / `clearTimeout`. */
  setTimer?: (callback: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

/** A reply being written: append text as the model streams it, then finish with the final text. */
export interface ReplyStreamWriter {
  /** Adds streamed text (an empty delta re-renders: a status changed); an interim flush follows within `minUpdateIntervalMs`. */
  append(delta: string): void;
  /**
   * Writes the final text (default: what was appended) with priority, waits for every send, and resolves to
   * the ids of the reply's messages in order. Rejects with the first failed send's error.
   */
  finish(finalText?: string): Promise<string[]>;
}

/**
 * Streams one reply into a conversation at a bounded edit rate: interim flushes edit the reply's messages
 * at most every `minUpdateIntervalMs` (skipped while `mayStream` says no), the text is split at `limit`
 * into further messages, and sends run one at a time in order, so a send held back by a 429 delays the
 * rest rather than reordering them.
 */
export function createReplyStreamWriter(options: ReplyStreamWriterOptions): ReplyStreamWriter {
  const format = options.format ?? ((text: string) => text);
  const setTimer = options.setTimer ?? ((callback, ms) => setTimeout(callback, ms));
  const clearTimer = options.clearTimer ?? ((handle) => clearTimeout(handle as NodeJS.Timeout));
  let text = "";
  let finished = false;
  let timer: unknown;
  let chain: Promise<void> = Promise.resolve();
  let failure: unknown;
  const posted: { id: string; text: string }[] = [];

  const formatChunk = options.formatChunk ?? ((chunk: string) => chunk);
  let drafted: string | undefined;
  let drafting = true;
  const flush = async (priority: SendPriority) => {
    if (failure !== undefined) return;
    const chunks = splitMessageText(format(text), options.limit)
      .filter((chunk) => chunk.trim() !== "")
      .map(formatChunk);
    const draft = priority === "stream" && options.target.draft ? chunks.pop() : undefined;
    try {
      for (const [index, chunk] of chunks.entries()) {
        const message = posted[index];
        if (message === undefined)
          posted.push({ id: await options.target.post(chunk, priority), text: chunk });
        else if (message.text !== chunk) {
          await options.target.update(message.id, chunk, priority);
          message.text = chunk;
        }
      }
      if (draft !== undefined && draft !== drafted && drafting) {
        drafted = draft;
        // A refused draft is only a preview lost: drafting stops, the final flush still posts every part.
        await options.target.draft?.(draft).catch(() => {
          drafting = false;
        });
      }
    } catch (error) {
      failure = error;
    }
  };
  const schedule = () => {
    if (timer !== undefined || finished) return;
    timer = setTimer(() => {
      timer = undefined;
      if (finished || (options.mayStream && !options.mayStream())) return;
      chain = chain.then(() => flush("stream"));
    }, options.minUpdateIntervalMs);
  };
  return {
    append(delta) {
      if (finished) return;
      text += delta;
      schedule();
    },
    async finish(finalText) {
      finished = true;
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
      if (finalText !== undefined) text = finalText;
      chain = chain.then(() => flush("priority"));
      await chain;
      if (failure !== undefined) throw failure;
      return posted.map((message) => message.id);
    },
  };
}
