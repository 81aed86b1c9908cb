import { logicalConversationId } from "@mono-agent/ids";
import {
  type AnsweredBy,
  type AskAnswer,
  type AskChannel,
  type AskKind,
  type AskRecord,
  InteractionError,
} from "@mono-agent/interaction";
import type { Api } from "grammy";
import { isTelegramChatAllowed, type TelegramAllowlist } from "./telegram-allowlist.js";
import { callTelegram } from "./telegram-api-error.js";
import { askKeyboard, parseAskCallbackData, settledAskText } from "./telegram-ask-keyboard.js";
import { parseTelegramConversationId } from "./telegram-conversation-id.js";

/** Receives a person's answer (the broker's `answer`); throws when the ask is no longer pending. */
export type TelegramAskAnswerer = (askId: string, answer: AskAnswer, answeredBy: AnsweredBy) => unknown;

/** A Telegram user as the channel records an answer's author. */
export interface TelegramAnswerer {
  id: number;
  displayName?: string;
}

/** The Telegram side of asks: the port, plus what the receiver hands it (button presses, replies). */
export interface TelegramAskChannel extends AskChannel {
  /** A button press in `chatId`: answers a pending ask; resolves to what to tell the person, or undefined when it is not an ask button. */
  press(data: string, chatId: number, from: TelegramAnswerer): Promise<string | undefined>;
  /** A message in a chat: answers the chat's pending question as text; resolves to whether it did. */
  reply(logicalConversationId: string, text: string, from: TelegramAnswerer): Promise<boolean>;
}

/**
 * AskUser questions and tool approvals as inline keyboards in the conversation's chat (callback data of
 * at most 64 bytes through short ids), and a free-text message in the chat as the answer. Only the ask's
 * audience may answer (the asker, configured approvers, or anyone with `interaction.answerers.asks:
 * "anyone"`): the broker decides, a refused press is told why in its callback answer (only the presser
 * sees it) and the card stays open. The pressing user is recorded; the card is edited to show the
 * decision when the ask settles. Forms and URL elicitations are left to other channels (`canAnswer` false).
 */
export function createTelegramAskChannel(options: {
  api: Api;
  allowlist: TelegramAllowlist;
  answer: TelegramAskAnswerer;
  onWarning?: (message: string) => void;
}): TelegramAskChannel {
  const { api } = options;
  const cards = new Map<string, { chatId: number; messageId: number; ask: AskRecord }>();
  let nextShortId = 0;
  const targetOf = (conversationId: string) => {
    const chat = parseTelegramConversationId(logicalConversationId(conversationId));
    return chat !== undefined && isTelegramChatAllowed(options.allowlist, chat) ? Number(chat) : undefined;
  };
  const shortIdOf = (askId: string) => [...cards.entries()].find(([, card]) => card.ask.askId === askId)?.[0];
  const settleCard = async (ask: AskRecord) => {
    const shortId = shortIdOf(ask.askId);
    const card = shortId === undefined ? undefined : cards.get(shortId);
    if (shortId === undefined || !card) return;
    cards.delete(shortId);
    if (card.messageId === 0) return;
    await callTelegram("editMessageText", () =>
      api.editMessageText(card.chatId, card.messageId, settledAskText(ask), { parse_mode: "HTML" }),
    );
  };
  /** Answers as `from`; resolves to undefined when taken, or to what to tell the person when refused. */
  const answerAs = (askId: string, answer: AskAnswer, from: TelegramAnswerer): string | undefined => {
    try {
      options.answer(askId, answer, {
        channel: "telegram",
        userId: String(from.id),
        ...(from.displayName ? { displayName: from.displayName } : {}),
      });
      return undefined;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.onWarning?.(`Telegram: an answer of ${from.id} was not taken: ${message}`);
      return InteractionError.isInstance(error) && error.code === "not_an_answerer"
        ? message
        : "This question is no longer open.";
    }
  };
  return {
    id: "telegram",
    canAnswer: (kind: AskKind, conversationId: string) =>
      (kind === "question" || kind === "approval") && targetOf(conversationId) !== undefined,
    async present(ask) {
      const chatId = targetOf(ask.conversationId);
      if (chatId === undefined)
        throw new Error(`${ask.conversationId} is not an allowed Telegram conversation`);
      const shortId = (nextShortId++).toString(36);
      const { text, keyboard } = askKeyboard(ask, shortId);
      // Known before the send returns: a press can arrive as soon as the card is visible.
      const card = { chatId, messageId: 0, ask };
      cards.set(shortId, card);
      const sent = await callTelegram("sendMessage", () =>
        api.sendMessage(chatId, text, { parse_mode: "HTML", reply_markup: { inline_keyboard: keyboard } }),
      );
      card.messageId = sent.message_id;
    },
    update: settleCard,
    cancel: settleCard,
    async press(data, chatId, from) {
      const parsed = parseAskCallbackData(data);
      if (!parsed) return undefined;
      const card = cards.get(parsed.shortId);
      if (!card || card.chatId !== chatId) return "This question is no longer open.";
      const prompt = card.ask.prompt;
      if (prompt.kind === "approval") {
        if (parsed.option !== "a" && parsed.option !== "d") return "Unknown choice.";
        const decision = parsed.option === "a" ? "approve" : "deny";
        return (
          answerAs(card.ask.askId, { kind: "approval", decision, scope: "once" }, from) ??
          (decision === "approve" ? "Approved." : "Denied.")
        );
      }
      if (prompt.kind !== "question") return "Answer this one in the web console.";
      const question = prompt.questions[parsed.question];
      const option = question?.options[Number(parsed.option)];
      if (!question || !option) return "Unknown choice.";
      // One press answers a one-question card; on a card of several, the other questions stay unanswered.
      const refused = answerAs(
        card.ask.askId,
        {
          kind: "question",
          via: "callback",
          answers: prompt.questions.map((item, index) => ({
            header: item.header,
            selected: index === parsed.question ? [option.label] : [],
          })),
        },
        from,
      );
      return refused ?? `Answered: ${option.label}`;
    },
    async reply(conversation, text, from) {
      const pending = [...cards.values()].find(
        (card) =>
          logicalConversationId(card.ask.conversationId) === conversation &&
          card.ask.prompt.kind === "question" &&
          card.ask.status === "pending",
      );
      if (pending?.ask.prompt.kind !== "question" || text.trim() === "") return false;
      // A message of someone who may not answer is not the answer: it goes on as an ordinary message.
      const refused = answerAs(
        pending.ask.askId,
        {
          kind: "question",
          via: "text",
          answers: pending.ask.prompt.questions.map((item) => ({
            header: item.header,
            selected: [],
            text: text.trim(),
          })),
        },
        from,
      );
      return refused === undefined;
    },
  };
}
