import { describe, expect, test } from "vitest";
import { buildOriginContextSnapshot, type OriginMessage } from "../src/index.js";
import { ORIGIN_CONTEXT_MESSAGE_MAX_BYTES, ORIGIN_CONTEXT_TOTAL_MAX_BYTES } from "../src/continuation-limits.js";

function turn(index: number, size = 10): OriginMessage[] {
  return [
    { role: "user", text: `question ${index}` },
    { role: "toolResult", text: "r".repeat(size), toolName: "mcp__jobs__start_task" },
    { role: "assistant", text: `answer ${index}` },
  ];
}

const bytes = (messages: OriginMessage[]) =>
  messages.reduce((sum, message) => sum + Buffer.byteLength(JSON.stringify(message)), 0);

describe("the origin-context snapshot", () => {
  test("keeps the newest whole turns within 64 messages", () => {
    const messages = Array.from({ length: 30 }, (_, index) => turn(index)).flat();
    const snapshot = buildOriginContextSnapshot("cli:x", "run-9", messages);
    expect(snapshot.messages).toHaveLength(63);
    expect(snapshot.messages[0]).toEqual({ role: "user", text: "question 9" });
    expect(snapshot.messages.at(-1)).toEqual({ role: "assistant", text: "answer 29" });
    expect(snapshot.truncated).toBe(true);
  });

  test("cuts a message to 64 KiB and the whole to 256 KiB, evicting the oldest turns", () => {
    const messages = Array.from({ length: 8 }, (_, index) => turn(index, 100 * 1024)).flat();
    const snapshot = buildOriginContextSnapshot("cli:x", "run-9", messages);
    for (const message of snapshot.messages)
      expect(Buffer.byteLength(JSON.stringify(message))).toBeLessThanOrEqual(
        ORIGIN_CONTEXT_MESSAGE_MAX_BYTES,
      );
    expect(bytes(snapshot.messages)).toBeLessThanOrEqual(ORIGIN_CONTEXT_TOTAL_MAX_BYTES);
    expect(snapshot.messages[0]?.role).toBe("user");
    expect(snapshot.messages.at(-1)).toEqual({ role: "assistant", text: "answer 7" });
  });

  test("a short conversation is kept as it is", () => {
    const snapshot = buildOriginContextSnapshot("cli:x", "run-1", turn(1));
    expect(snapshot).toEqual({
      conversationId: "cli:x",
      historyBoundary: "run-1",
      messages: turn(1),
      truncated: false,
    });
  });
});
