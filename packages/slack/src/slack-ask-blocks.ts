import type { AskRecord } from "@mono-agent/interaction";
import { markdownToMrkdwn } from "./markdown-to-mrkdwn.js";

/** Prefix of every button's `action_id` the channel handles. */
export const SLACK_ASK_ACTION_PREFIX = "mono_ask";

/** Characters of a button label Slack shows (its limit is 75). */
const LABEL_MAX = 75;

const escapeText = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/** A button's value: the ask, the question and the option it picks (Slack keeps up to 2,000 characters). */
export function askButtonValue(askId: string, question: number, option: number | "approve" | "deny"): string {
  return `${askId}|${question}|${option}`;
}

/** The parts of a button value, or undefined for any other text. */
export function parseAskButtonValue(
  value: string,
): { askId: string; question: number; option: string } | undefined {
  const match = /^([A-Za-z0-9_-]{1,200})\|(\d{1,2})\|(\d{1,2}|approve|deny)$/.exec(value);
  return match
    ? { askId: match[1] as string, question: Number(match[2]), option: match[3] as string }
    : undefined;
}

const button = (text: string, value: string, index: number, style?: "primary" | "danger") => ({
  type: "button",
  action_id: `${SLACK_ASK_ACTION_PREFIX}_${index}`,
  text: { type: "plain_text", text: text.slice(0, LABEL_MAX) },
  value,
  ...(style ? { style } : {}),
});

/** The fallback text and Block Kit blocks of a pending question or approval. */
export function askBlocks(ask: AskRecord): { text: string; blocks: object[] } {
  const prompt = ask.prompt;
  if (prompt.kind === "approval") {
    const text = `Approve ${prompt.toolName}? ${prompt.reason}`;
    return {
      text,
      blocks: [
        {
          type: "section",
          text: {
            type: "mrkdwn",
            text: `*Approve \`${escapeText(prompt.toolName)}\`?* ${escapeText(prompt.reason)}\n\`\`\`${escapeText(prompt.argumentsPreview)}\`\`\``,
          },
        },
        {
          type: "actions",
          elements: [
            button("Approve", askButtonValue(ask.askId, 0, "approve"), 0, "primary"),
            button("Deny", askButtonValue(ask.askId, 0, "deny"), 1, "danger"),
          ],
        },
      ],
    };
  }
  if (prompt.kind !== "question")
    return { text: "This question can be answered in the web console.", blocks: [] };
  const blocks: object[] = [];
  if (prompt.message)
    blocks.push({ type: "section", text: { type: "mrkdwn", text: markdownToMrkdwn(prompt.message) } });
  prompt.questions.forEach((question, questionIndex) => {
    blocks.push({
      type: "section",
      text: { type: "mrkdwn", text: `*${escapeText(question.header)}* ${escapeText(question.question)}` },
    });
    blocks.push({
      type: "actions",
      elements: question.options.map((option, optionIndex) =>
        button(option.label, askButtonValue(ask.askId, questionIndex, optionIndex), optionIndex),
      ),
    });
  });
  blocks.push({
    type: "context",
    elements: [{ type: "mrkdwn", text: "Or reply in this thread with your answer." }],
  });
  return { text: prompt.questions.map((question) => question.question).join(" "), blocks };
}

/** The text a settled ask's card is replaced with. */
export function settledAskText(ask: AskRecord): string {
  // The name the model read too (`<@U…>`, which Slack shows as the person's name).
  const who =
    ask.answeredBy?.displayName ?? (ask.answeredBy?.userId ? `<@${ask.answeredBy.userId}>` : "someone");
  if (ask.status === "expired") return "_This question expired without an answer._";
  if (ask.status === "cancelled") return "_This question was withdrawn._";
  const answer = ask.answer;
  if (answer?.kind === "approval")
    return answer.decision === "approve" ? `Approved by ${who}.` : `Denied by ${who}.`;
  if (answer?.kind === "question")
    return `Answered by ${who}: ${answer.answers
      .map((item) => `${escapeText(item.header)}: ${escapeText(item.text ?? item.selected.join(", "))}`)
      .join("; ")}`;
  return `Answered by ${who}.`;
}
