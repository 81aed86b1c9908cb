import type { AskRecord } from "./index.js";

/** Longest description of one ask in run evidence, in characters: the recorder bounds and redacts it too. */
export const ASK_EVIDENCE_MAX_CHARACTERS = 2_000;

type AskView = Pick<AskRecord, "kind" | "status" | "prompt" | "answer" | "answeredBy" | "cancelReason">;

/** One line of evidence for an ask: what was asked, and the answer, who gave it, or why there is none. */
export function describeAsk(ask: AskView): string {
  const prompt = ask.prompt;
  const asked =
    prompt.kind === "question"
      ? `AskUser asked ${prompt.questions.map((question) => `${question.header}: ${question.question}`).join(" | ")}`
      : prompt.kind === "form"
        ? `${prompt.serverName} asked for a form: ${prompt.message}`
        : prompt.kind === "url"
          ? `${prompt.serverName} asked to open ${prompt.url}: ${prompt.message}`
          : `approval asked for ${prompt.toolName} (${prompt.reason})`;
  const who = ask.answeredBy?.displayName ?? ask.answeredBy?.userId ?? ask.answeredBy?.channel ?? "someone";
  const answer = ask.answer;
  const outcome =
    ask.status === "pending"
      ? "pending"
      : ask.status === "expired"
        ? "expired with no answer"
        : ask.status === "cancelled"
          ? `cancelled (${ask.cancelReason ?? "cancelled"})`
          : answer?.kind === "question"
            ? `answered by ${who}: ${answer.answers.map((item) => `${item.header}: ${[...item.selected, ...(item.text ? [JSON.stringify(item.text)] : [])].join(", ")}`).join(" | ")}`
            : answer?.kind === "form"
              ? `${answer.action} by ${who}${answer.action === "accept" ? `: ${JSON.stringify(answer.content ?? {})}` : ""}`
              : answer?.kind === "url"
                ? `${answer.action} by ${who}`
                : answer?.kind === "approval"
                  ? `${answer.decision === "approve" ? `approved (${answer.scope})` : "denied"} by ${who}`
                  : "answered";
  const line = `${asked}; ${outcome}`;
  return line.length > ASK_EVIDENCE_MAX_CHARACTERS ? `${line.slice(0, ASK_EVIDENCE_MAX_CHARACTERS)}…` : line;
}
