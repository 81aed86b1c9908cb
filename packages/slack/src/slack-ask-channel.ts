import { logicalConversationId } from "@mono-agent/ids";
import {
  type AnsweredBy,
  type AskAnswer,
  type AskChannel,
  type AskKind,
  type AskRecord,
  InteractionError,
} from "@mono-agent/interaction";
import type { WebClient } from "@slack/web-api";
import { isSlackChannelAllowed, type SlackAllowlist } from "./slack-allowlist.js";
import { callSlack } from "./slack-api-error.js";
import { askBlocks, parseAskButtonValue, settledAskText } from "./slack-ask-blocks.js";
import { parseSlackConversationId } from "./slack-conversation-id.js";

/** Members read per `conversations.members` page, and pages at most: channels of up to 10,000 people. */
export const SLACK_MEMBERS_PAGE = 1_000;
const SLACK_MEMBERS_MAX_PAGES = 10;

/** Receives a person's answer (the broker's `answer`); throws when the ask is no longer pending. */
export type SlackAskAnswerer = (askId: string, answer: AskAnswer, answeredBy: AnsweredBy) => unknown;

/** The Slack side of asks: the port, plus what the receiver hands it (button clicks, thread replies). */
export interface SlackAskChannel extends AskChannel {
  /** A button click: answers when the user is a member of the ask's channel; resolves to whether it did. */
  click(value: string, userId: string): Promise<boolean>;
  /**
   * A message in a thread: answers the thread's pending question as text; resolves to whether it did. A
   * person who may not answer is told why (ephemeral) and their message is not taken as the answer.
   */
  reply(logicalConversationId: string, text: string, userId: string): Promise<boolean>;
}

/** The name Slack shows for a user (`<@U…>` renders as their name): the card and the model read the same. */
export const slackPersonName = (userId: string) => `<@${userId}>`;

/**
 * AskUser questions and tool approvals as Block Kit buttons in the conversation's thread, and a free-text
 * reply in the thread as the answer. Only members of the conversation's channel may answer (checked with
 * `conversations.members` at each click), and among them only the ask's audience (the asker, configured
 * approvers, or anyone with `interaction.answerers.asks: "anyone"`): the broker decides, and a refused
 * person is told why in an ephemeral message only they see while the card stays open. The answering user is
 * recorded; the card is replaced with the decision when the ask settles. Forms and URL elicitations are
 * left to other channels (`canAnswer` false).
 */
export function createSlackAskChannel(options: {
  client: WebClient;
  allowlist: SlackAllowlist;
  answer: SlackAskAnswerer;
  onWarning?: (message: string) => void;
}): SlackAskChannel {
  const { client } = options;
  /** Cards by ask id; `posted` resolves to the card's ts once `chat.postMessage` returned ("" if it failed). */
  const cards = new Map<
    string,
    { channel: string; threadTs?: string; posted: Promise<string>; ask: AskRecord }
  >();
  const targetOf = (conversationId: string) => {
    const target = parseSlackConversationId(logicalConversationId(conversationId));
    return target && isSlackChannelAllowed(options.allowlist, target.channel) ? target : undefined;
  };
  const isMember = async (channel: string, userId: string) => {
    let cursor: string | undefined;
    for (let page = 0; page < SLACK_MEMBERS_MAX_PAGES; page++) {
      const members = await callSlack("conversations.members", () =>
        client.conversations.members({ channel, limit: SLACK_MEMBERS_PAGE, ...(cursor ? { cursor } : {}) }),
      );
      if ((members.members ?? []).includes(userId)) return true;
      cursor = members.response_metadata?.next_cursor || undefined;
      if (!cursor) return false;
    }
    return false;
  };
  const settleCard = async (ask: AskRecord) => {
    const card = cards.get(ask.askId);
    if (!card) return;
    cards.delete(ask.askId);
    // A click can settle the ask before the post's answer is back: the update waits for the card's ts.
    const ts = await card.posted;
    if (ts === "") return;
    await callSlack("chat.update", () =>
      client.chat.update({ channel: card.channel, ts, text: settledAskText(ask), blocks: [] }),
    );
  };
  /** Tells one person why their answer was not taken: an ephemeral message in the card's thread. */
  const tell = async (card: { channel: string; threadTs?: string }, userId: string, text: string) => {
    await callSlack("chat.postEphemeral", () =>
      client.chat.postEphemeral({
        channel: card.channel,
        user: userId,
        text,
        ...(card.threadTs ? { thread_ts: card.threadTs } : {}),
      }),
    ).catch((error: unknown) =>
      options.onWarning?.(
        `Slack: could not tell ${userId} why: ${error instanceof Error ? error.message : String(error)}`,
      ),
    );
  };
  const answerAs = async (
    card: { channel: string; threadTs?: string },
    askId: string,
    answer: AskAnswer,
    userId: string,
  ) => {
    try {
      options.answer(askId, answer, { channel: "slack", userId, displayName: slackPersonName(userId) });
      return true;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      options.onWarning?.(`Slack: an answer of ${userId} was not taken: ${message}`);
      if (InteractionError.isInstance(error))
        await tell(
          card,
          userId,
          error.code === "not_an_answerer" ? message : "This question is no longer open.",
        );
      return false;
    }
  };
  return {
    id: "slack",
    canAnswer: (kind: AskKind, conversationId: string) =>
      (kind === "question" || kind === "approval") && targetOf(conversationId) !== undefined,
    async present(ask) {
      const target = targetOf(ask.conversationId);
      if (!target) throw new Error(`${ask.conversationId} is not an allowed Slack conversation`);
      const { text, blocks } = askBlocks(ask);
      const posting = callSlack("chat.postMessage", () =>
        client.chat.postMessage({
          channel: target.channel,
          text,
          blocks: blocks as never,
          ...(target.threadTs ? { thread_ts: target.threadTs } : {}),
        }),
      );
      // Known before the post returns: a click can arrive as soon as the card is visible.
      cards.set(ask.askId, {
        channel: target.channel,
        ...(target.threadTs ? { threadTs: target.threadTs } : {}),
        posted: posting.then(
          (posted) => String(posted.ts ?? ""),
          () => "",
        ),
        ask,
      });
      await posting;
    },
    update: settleCard,
    cancel: settleCard,
    async click(value, userId) {
      const parsed = parseAskButtonValue(value);
      const card = parsed ? cards.get(parsed.askId) : undefined;
      if (!parsed || !card) return false;
      if (!(await isMember(card.channel, userId))) {
        options.onWarning?.(`Slack: ${userId} is not a member of ${card.channel}; their answer was refused`);
        return false;
      }
      const prompt = card.ask.prompt;
      if (prompt.kind === "approval") {
        if (parsed.option !== "approve" && parsed.option !== "deny") return false;
        return answerAs(
          card,
          parsed.askId,
          { kind: "approval", decision: parsed.option, scope: "once" },
          userId,
        );
      }
      if (prompt.kind !== "question") return false;
      const question = prompt.questions[parsed.question];
      const option = question?.options[Number(parsed.option)];
      if (!question || !option) return false;
      // One click answers a single-question card; on a card of several, the clicked question gets the
      // option and the others stay unanswered (the person may reply in the thread instead).
      return answerAs(
        card,
        parsed.askId,
        {
          kind: "question",
          via: "callback",
          answers: prompt.questions.map((item, index) => ({
            header: item.header,
            selected: index === parsed.question ? [option.label] : [],
          })),
        },
        userId,
      );
    },
    async reply(conversation, text, userId) {
      const pending = [...cards.entries()].find(
        ([, card]) =>
          logicalConversationId(card.ask.conversationId) === conversation &&
          card.ask.prompt.kind === "question",
      );
      if (!pending || text.trim() === "") return false;
      const [askId, card] = pending;
      if (!(await isMember(card.channel, userId))) return false;
      const prompt = card.ask.prompt as Extract<AskRecord["prompt"], { kind: "question" }>;
      return answerAs(
        card,
        askId,
        {
          kind: "question",
          via: "text",
          answers: prompt.questions.map((item) => ({ header: item.header, selected: [], text: text.trim() })),
        },
        userId,
      );
    },
  };
}
