import { describe, expect, it } from "vitest";
import type { RunEvent } from "../../src/app/run-events.js";
import { createRunEventRedactor } from "../../src/app/run-event-redactor.js";

const SECRET = "sk-host-secret-value-0123456789";
const redactText = (text: string) => text.split(SECRET).join("[secret omitted]");

function streamed(pieces: readonly string[]): { text: string; events: RunEvent[] } {
  const redactor = createRunEventRedactor(redactText, () => SECRET.length);
  const events = [
    ...pieces.flatMap((text) => redactor.redact({ type: "text_delta", text })),
    ...redactor.redact({
      type: "run_finished",
      runId: "r",
      status: "succeeded",
      finalText: `x ${SECRET}`,
      durationMs: 1,
    }),
  ];
  const text = events.flatMap((event) => (event.type === "text_delta" ? [event.text] : [])).join("");
  return { text, events };
}

describe("the run event redactor", () => {
  it("replaces a secret split over any two deltas and loses no other character", () => {
    const whole = `before ${SECRET} middle ${SECRET} after`;
    for (let cut = 1; cut < whole.length; cut++) {
      const { text, events } = streamed([whole.slice(0, cut), whole.slice(cut)]);
      expect(text).toBe("before [secret omitted] middle [secret omitted] after");
      expect(JSON.stringify(events)).not.toContain(SECRET);
    }
  });

  it("replaces a secret streamed one character at a time, and in every other event", () => {
    const { text, events } = streamed([...`the key is ${SECRET}.`]);
    expect(text).toBe("the key is [secret omitted].");
    expect(events.at(-1)).toMatchObject({ type: "run_finished", finalText: "x [secret omitted]" });
  });

  it("holds back no more than the longest secret, so text still streams", () => {
    const redactor = createRunEventRedactor(redactText, () => SECRET.length);
    const long = "a".repeat(200);
    const passed = redactor.redact({ type: "text_delta", text: long });
    expect(passed).toEqual([{ type: "text_delta", text: "a".repeat(200 - (SECRET.length - 1)) }]);
    const tool = redactor.redact({
      type: "tool_started",
      toolCallId: "1",
      name: "Read",
      arguments: { path: SECRET },
    });
    expect(tool).toEqual([
      { type: "text_delta", text: "a".repeat(SECRET.length - 1) },
      { type: "tool_started", toolCallId: "1", name: "Read", arguments: { path: "[secret omitted]" } },
    ]);
  });
});
