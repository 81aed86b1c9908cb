import type { AskRecord } from "./ask-types.js";

/** The run event of an ask's change (the `ask` event of a mono-agent run). */
export interface AskEvent {
  type: "ask";
  askId: string;
  kind: AskRecord["kind"];
  status: AskRecord["status"];
  prompt: AskRecord["prompt"];
  answer?: AskRecord["answer"];
  answeredBy?: AskRecord["answeredBy"];
  cancelReason?: AskRecord["cancelReason"];
}

/** The run event of an ask's change: what was asked, and once settled, the answer and who gave it. */
export function askEvent(ask: AskRecord): AskEvent {
  return {
    type: "ask",
    askId: ask.askId,
    kind: ask.kind,
    status: ask.status,
    prompt: ask.prompt,
    ...(ask.answer ? { answer: ask.answer } : {}),
    ...(ask.answeredBy ? { answeredBy: ask.answeredBy } : {}),
    ...(ask.cancelReason ? { cancelReason: ask.cancelReason } : {}),
  };
}
