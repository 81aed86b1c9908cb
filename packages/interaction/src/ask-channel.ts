import type { AskKind, AskRecord } from "./ask-types.js";

/**
 * The port a channel implements to carry asks (web console, CLI, Slack, Telegram). The broker routes an
 * ask to the channel whose `id` is the conversation id's prefix (`web:<thread>` goes to `web`). Answers
 * come back through one function: `AskBroker.answer(askId, answer, answeredBy)`.
 *
 * A channel never decides an ask's state: it renders, and reports what a person did.
 */
export interface AskChannel {
  /** The conversation prefix this channel serves: `web`, `cli`, `slack`, `telegram`. */
  readonly id: string;
  /**
   * Whether a person can answer this kind of ask in this conversation now (a TTY for the CLI, a browser
   * thread for the web console). An ask no channel can answer fails closed before it is stored.
   */
  canAnswer(kind: AskKind, conversationId: string): boolean;
  /** Show a new pending ask. A throw settles the ask `cancelled` (`channel_failed`). */
  present(ask: AskRecord): Promise<void> | void;
  /** The ask was answered or expired: replace the card with its settled state. */
  update(ask: AskRecord): Promise<void> | void;
  /** The ask was cancelled (run ended, host restarting): take the card down or mark it cancelled. */
  cancel(ask: AskRecord): Promise<void> | void;
}
