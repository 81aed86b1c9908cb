import type { AskRecord } from "@mono-agent/interaction";
import type { RunEvent } from "../run/run-events.js";

/** The run event of an ask's change: what was asked, and once settled, the answer and who gave it. */
export function askEvent(ask: AskRecord): Extract<RunEvent, { type: "ask" }> {
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
