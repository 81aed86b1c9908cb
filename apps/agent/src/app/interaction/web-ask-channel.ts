import { type AskChannel, InteractionError } from "@mono-agent/interaction";
import type { WebAsksSource } from "@mono-agent/web-console";
import type { InteractionHost } from "./interaction-host.js";

/** Most asks a thread view lists: the newest are kept when a thread has more. */
export const WEB_THREAD_ASKS_LIMIT = 200;

/** Who answers in the browser: the console has one operator (its token), not named users. */
const WEB_ANSWERER = { channel: "web", displayName: "web console" } as const;

/**
 * The web console as an ask channel (`web:` conversations): a card in the thread, refreshed live. The
 * channel only signals changes; the console reads the asks from the store and answers through the broker.
 */
export function attachWebAskChannel(host: InteractionHost): WebAsksSource {
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
