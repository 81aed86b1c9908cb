import { describe, expect, it } from "vitest";
import {
  conversationChannel,
  createRunId,
  isConversationId,
  isRunId,
  logicalConversationId,
  rolloverBucketAt,
  rolloverBucketOf,
  withRolloverBucket,
} from "../src/index.js";

describe("run ids", () => {
  it("accept SPEC §0 ids and refuse path tricks, spaces and over-long ids", () => {
    for (const id of ["a", "20261129T214500Z-3f9a2c1b", "run_1.b-2", "x".repeat(200)])
      expect(isRunId(id)).toBe(true);
    for (const id of ["", ".hidden", "-x", "../x", "a/b", "a b", "x".repeat(201), 42, null])
      expect(isRunId(id)).toBe(false);
  });

  it("new run ids are valid, sort by their start and differ within one second", () => {
    const early = createRunId(new Date("2026-11-29T21:45:00.123Z"));
    const late = createRunId(new Date("2026-11-29T21:45:01.000Z"));
    expect(early).toMatch(/^20261129T214500Z-[0-9a-f]{8}$/);
    expect(isRunId(early)).toBe(true);
    expect(early < late).toBe(true);
    const same = new Date("2026-11-29T21:45:00Z");
    expect(new Set(Array.from({ length: 50 }, () => createRunId(same))).size).toBe(50);
  });
});

describe("conversation ids", () => {
  it("are <channel>:<id> without spaces or control characters, at most 256 characters", () => {
    for (const id of ["cli:default", "slack:C1:1712.5", "web:abc#2026-07-12"])
      expect(isConversationId(id)).toBe(true);
    for (const id of ["default", "CLI:x", ":x", "cli:", "cli:a b", "cli:a\u0000", `cli:${"x".repeat(253)}`])
      expect(isConversationId(id)).toBe(false);
    expect(conversationChannel("slack:C1:1712.5")).toBe("slack");
    expect(conversationChannel("nochannel")).toBeUndefined();
  });
});

describe("daily rollover buckets", () => {
  it("split and join the #YYYY-MM-DD suffix", () => {
    expect(rolloverBucketOf("telegram:42#2026-07-12")).toBe("2026-07-12");
    expect(rolloverBucketOf("telegram:42")).toBeUndefined();
    expect(logicalConversationId("telegram:42#2026-07-12")).toBe("telegram:42");
    expect(logicalConversationId("cli:a#b")).toBe("cli:a#b");
    expect(withRolloverBucket("telegram:42#2026-07-11", "2026-07-12")).toBe("telegram:42#2026-07-12");
  });

  it("take the calendar day of the instant in the given zone", () => {
    const instant = new Date("2026-07-12T10:30:00Z");
    expect(rolloverBucketAt(instant, "UTC")).toBe("2026-07-12");
    expect(rolloverBucketAt(instant, "Pacific/Kiritimati")).toBe("2026-07-13");
    expect(rolloverBucketAt(instant, "Pacific/Pago_Pago")).toBe("2026-07-11");
    expect(() => rolloverBucketAt(instant, "Mars/Olympus")).toThrow(RangeError);
  });
});
