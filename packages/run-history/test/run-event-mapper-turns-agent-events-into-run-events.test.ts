import { describe, expect, test } from "vitest";
import { createRunEventMapper, TOOL_PREVIEW_CHARACTERS } from "../src/recorder/create-run-event-mapper.js";

describe("createRunEventMapper", () => {
  test("passes streamed text on and skips other message updates and unknown events", () => {
    const map = createRunEventMapper(() => 0);
    expect(
      map({ type: "message_update", assistantMessageEvent: { type: "text_delta", delta: "Hi" } }),
    ).toEqual({
      type: "text_delta",
      text: "Hi",
    });
    expect(
      map({ type: "message_update", assistantMessageEvent: { type: "thinking_delta" } }),
    ).toBeUndefined();
    expect(map({ type: "agent_start" })).toBeUndefined();
  });

  test("times a tool call from its start to its end and bounds the result preview", () => {
    let clock = 10;
    const map = createRunEventMapper(() => clock);
    expect(
      map({ type: "tool_execution_start", toolCallId: "c1", toolName: "Read", args: { path: "a" } }),
    ).toEqual({
      type: "tool_started",
      toolCallId: "c1",
      name: "Read",
      arguments: { path: "a" },
    });
    clock = 52.6;
    const long = "x ".repeat(TOOL_PREVIEW_CHARACTERS);
    const finished = map({
      type: "tool_execution_end",
      toolCallId: "c1",
      toolName: "Read",
      isError: false,
      result: { content: [{ type: "text", text: long }, { type: "image" }] },
    });
    expect(finished).toMatchObject({
      type: "tool_finished",
      toolCallId: "c1",
      isError: false,
      durationMs: 43,
    });
    const preview = (finished as { preview: string }).preview;
    expect(preview.length).toBe(TOOL_PREVIEW_CHARACTERS + 1);
    expect(preview.endsWith("…")).toBe(true);
  });
});
