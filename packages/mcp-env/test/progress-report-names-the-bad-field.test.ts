import { describe, expect, test } from "vitest";
import { McpEnvError, parseProgressReport } from "../src/index.js";

describe("parseProgressReport", () => {
  test("accepts {key, message} with state working by default", () => {
    expect(parseProgressReport({ key: "k", message: "halfway" })).toEqual({
      key: "k",
      message: "halfway",
      state: "working",
    });
    expect(parseProgressReport({ key: "k", message: "m", state: "done", conversationId: "cli:x" })).toEqual({
      key: "k",
      message: "m",
      state: "done",
      conversationId: "cli:x",
    });
  });

  test.each([
    [[], /not a JSON object/],
    [{ message: "m" }, /key is missing/],
    [{ key: "k" }, /message is missing/],
    [{ key: "k", message: "m", state: "paused" }, /state "paused"/],
    [{ key: "k".repeat(257), message: "m" }, /longer than 256/],
    [{ key: "k", message: "m", conversationId: 7 }, /conversationId/],
  ])("rejects %j naming what was wrong", (body, pattern) => {
    let error: unknown;
    try {
      parseProgressReport(body);
    } catch (caught) {
      error = caught;
    }
    expect(McpEnvError.isInstance(error) && error.code).toBe("invalid_progress_report");
    expect((error as Error).message).toMatch(pattern);
    expect((error as Error).message).toMatch(/expected \{"key": string/);
  });
});
