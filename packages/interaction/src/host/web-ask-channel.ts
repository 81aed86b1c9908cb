import type { AskChannel } from "../ask-channel.js";
import type { AskAnswer, AskRecord } from "../ask-types.js";
import { InteractionError } from "../interaction-error.js";
import type { InteractionHost } from "./interaction-host.js";

/** Most asks a thread view lists: the newest are kept when a thread has more. */
export const WEB_THREAD_ASKS_LIMIT = 200;

/** Who answers in the browser: the console has one operator (its token), not named users. */
const WEB_ANSWERER = { channel: "web", displayName: "web console" } as const;

/** The asks of the web console's threads (the console's `WebAsksSource`). */
export interface WebAskSource {
  /** Asks of a conversation, oldest first, pending and settled. */
  list(conversationId: string): AskRecord[];
  /** A person's answer from the browser; an ask of another conversation is `ask_not_found`. */
  answer(conversationId: string, askId: string, answer: AskAnswer): AskRecord;
  /** Calls `listener` with the conversation id whenever one of its asks changes; returns the unsubscribe. */
  onChange(listener: (conversationId: string) => void): () => void;
}

/**
 * The web console as an ask channel (`web:` conversations): a card in the thread, refreshed live. The
 * channel only signals changes; the console reads the asks from the store and answers through the broker.
 */
export function attachWebAskChannel(host: InteractionHost): WebAskSource {
  const listeners = new Set<(conversationId: string) => void>();
  const changed = (conversationId: string) => {
    for (const listener of listeners) listener(conversationId);
  };
  const channel: AskChannel = {
    id: "web",
    canAnswer: (_kind, conversationId) => conversationId.startsWith("web:"),
    present: (ask) => changed(ask.conversationId),
    update: (ask) => changed(ask.conversationId),
    cancel: (ask) => changed(ask.conversationId),
  };
  host.addChannel(channel);
  // Asks the last stop left pending were cancelled at start; their threads show it on the next load.
  return {
    list: (conversationId) => host.store.listByConversation(conversationId, WEB_THREAD_ASKS_LIMIT),
    answer(conversationId, askId, answer) {
      const ask = host.broker.get(askId);
      if (ask === undefined || ask.conversationId !== conversationId)
        throw new InteractionError("ask_not_found", `No ask ${JSON.stringify(askId)} in this thread.`);
      return host.broker.answer(askId, answer, WEB_ANSWERER);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
