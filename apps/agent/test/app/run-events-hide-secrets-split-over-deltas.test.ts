import { loadMonoAgentConfig } from "@mono-agent/config";
import { collectHostSecrets, type HostSecrets } from "@mono-agent/mcp-env";
import { beforeAll, describe, expect, it } from "vitest";
import { createRunEventRedactor, type RunEvent } from "../../src/app/run/run-events.js";

const SECRET = "sk-host-secret-value-0123456789";
let secrets: HostSecrets;

beforeAll(async () => {
  const env = { DEPLOY_API_KEY: SECRET };
  secrets = collectHostSecrets(await loadMonoAgentConfig({ config: {}, cwd: "/agents/demo", env }), env);
});

function redactor() {
  return createRunEventRedactor(secrets.redactText, secrets.heldBackLength);
}

function streamed(pieces: readonly string[]): { text: string; events: RunEvent[] } {
  const events = redactor();
  const out = [
    ...pieces.flatMap((text) => events.redact({ type: "text_delta", text })),
    ...events.redact({
      type: "run_finished",
      runId: "r",
      status: "succeeded",
      finalText: `x ${SECRET}`,
      durationMs: 1,
    }),
  ];
  const text = out.flatMap((event) => (event.type === "text_delta" ? [event.text] : [])).join("");
  return { text, events: out };
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

  it("passes ordinary text on at once and holds back only what could start a secret", () => {
    const events = redactor();
    expect(events.redact({ type: "text_delta", text: "plain words " })).toEqual([
      { type: "text_delta", text: "plain words " },
    ]);
    expect(events.redact({ type: "text_delta", text: "then sk-ho" })).toEqual([
      { type: "text_delta", text: "then " },
    ]);
    expect(
      events.redact({ type: "tool_started", toolCallId: "1", name: "Read", arguments: { path: SECRET } }),
    ).toEqual([
      { type: "text_delta", text: "sk-ho" },
      { type: "tool_started", toolCallId: "1", name: "Read", arguments: { path: "[secret omitted]" } },
    ]);
  });
});
