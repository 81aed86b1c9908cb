import type { AskRecord } from "@mono-agent/interaction";
import type { InlineKeyboardButton } from "grammy/types";
import { escapeTelegramHtml, markdownToTelegramHtml } from "./markdown-to-telegram-html.js";
import { TELEGRAM_BUTTON_LABEL_MAX, TELEGRAM_CALLBACK_DATA_MAX_BYTES } from "./telegram-limits.js";

/** Prefix of an ask button's callback data: `ma:<short id>:<question>:<option | a | d>`. */
export const ASK_CALLBACK_PREFIX = "ma";

/** An ask button's callback data; always within {@link TELEGRAM_CALLBACK_DATA_MAX_BYTES} (short ids, small numbers). */
export function askCallbackData(shortId: string, question: number, option: number | "a" | "d"): string {
  const data = `${ASK_CALLBACK_PREFIX}:${shortId}:${question}:${option}`;
  if (Buffer.byteLength(data) > TELEGRAM_CALLBACK_DATA_MAX_BYTES)
    throw new RangeError("callback data too long");
  return data;
}

/** The parts of an ask button's callback data, or undefined for any other data. */
export function parseAskCallbackData(
  data: string,
): { shortId: string; question: number; option: string } | undefined {
  const match = /^ma:([0-9a-z]{1,12}):(\d{1,2}):(\d{1,2}|a|d)$/.exec(data);
  return match
    ? { shortId: match[1] as string, question: Number(match[2]), option: match[3] as string }
    : undefined;
}

const button = (text: string, callback_data: string): InlineKeyboardButton => ({
  text: text.slice(0, TELEGRAM_BUTTON_LABEL_MAX),
  callback_data,
});

/** The HTML text and inline keyboard of a pending question or approval. */
export function askKeyboard(
  ask: AskRecord,
  shortId: string,
): { text: string; keyboard: InlineKeyboardButton[][] } {
  const prompt = ask.prompt;
  if (prompt.kind === "approval")
    return {
      text: `<b>Approve <code>${escapeTelegramHtml(prompt.toolName)}</code>?</b> ${escapeTelegramHtml(prompt.reason)}\n<pre>${escapeTelegramHtml(prompt.argumentsPreview)}</pre>`,
      keyboard: [
        [
          button("Approve", askCallbackData(shortId, 0, "a")),
          button("Deny", askCallbackData(shortId, 0, "d")),
        ],
      ],
    };
  if (prompt.kind !== "question")
    return { text: "This question can be answered in the web console.", keyboard: [] };
  const parts: string[] = prompt.message ? [markdownToTelegramHtml(prompt.message)] : [];
  for (const question of prompt.questions)
    parts.push(`<b>${escapeTelegramHtml(question.header)}</b> ${escapeTelegramHtml(question.question)}`);
  parts.push("<i>Or reply to this message with your answer.</i>");
  return {
    text: parts.join("\n\n"),
    keyboard: prompt.questions.map((question, questionIndex) =>
      question.options.map((option, optionIndex) =>
        button(option.label, askCallbackData(shortId, questionIndex, optionIndex)),
      ),
    ),
  };
}

/** The HTML text a settled ask's card is replaced with. */
export function settledAskText(ask: AskRecord): string {
  const who = escapeTelegramHtml(ask.answeredBy?.displayName ?? ask.answeredBy?.userId ?? "someone");
  if (ask.status === "expired") return "<i>This question expired without an answer.</i>";
  if (ask.status === "cancelled") return "<i>This question was withdrawn.</i>";
  const answer = ask.answer;
  if (answer?.kind === "approval")
    return answer.decision === "approve" ? `Approved by ${who}.` : `Denied by ${who}.`;
  if (answer?.kind === "question")
    return `Answered by ${who}: ${answer.answers
      .map(
        (item) =>
          `${escapeTelegramHtml(item.header)}: ${escapeTelegramHtml(item.text ?? item.selected.join(", "))}`,
      )
      .join("; ")}`;
  return `Answered by ${who}.`;
}
