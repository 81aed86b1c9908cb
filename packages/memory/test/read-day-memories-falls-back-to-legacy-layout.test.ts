import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { formatBullet, MemoryError } from "../src/index.js";
import { readDayMemories } from "../src/lite/index.js";
import { tempRoot } from "./helpers.js";

const BULLET = (id: string, text: string) =>
  `${formatBullet({
    id,
    text,
    type: "note",
    status: "open",
    salience: 0.5,
    isInsight: false,
    created: "2026-07-11T08:00:00.000Z",
    refs: [],
    extra: {},
  })}\n`;

describe("readDayMemories", () => {
  test("reads the canonical daily file, and the legacy root file only when there is none", () => {
    const root = tempRoot();
    mkdirSync(join(root, "daily"), { recursive: true });
    writeFileSync(join(root, "daily", "2026-07-11.md"), `# 2026-07-11\n\n${BULLET("m1", "Modern fact")}`);
    writeFileSync(join(root, "2026-07-11.md"), `# 2026-07-11\n\n${BULLET("m0", "Hidden legacy fact")}`);
    writeFileSync(join(root, "2026-07-10.md"), `# 2026-07-10\n\n${BULLET("m2", "Legacy fact")}`);

    const modern = readDayMemories(root, "2026-07-11");
    expect(modern.source).toBe("daily/2026-07-11.md");
    expect(modern.memories.map((bullet) => [bullet.id, bullet.text])).toEqual([["m1", "Modern fact"]]);

    const legacy = readDayMemories(root, "2026-07-10");
    expect(legacy.source).toBe("2026-07-10.md");
    expect(legacy.memories.map((bullet) => bullet.text)).toEqual(["Legacy fact"]);
  });

  test("a date without a file has no memories and names the canonical file", () => {
    expect(readDayMemories(tempRoot(), "2026-07-12")).toEqual({
      date: "2026-07-12",
      source: "daily/2026-07-12.md",
      memories: [],
    });
  });

  test.each(["2024-13-45", "2023-02-30", "2026-7-1", "yesterday"])(
    "%s is refused as invalid_date",
    (date) => {
      try {
        readDayMemories(tempRoot(), date);
        expect.unreachable("readDayMemories accepted a date that is not a real day");
      } catch (error) {
        expect(MemoryError.isInstance(error) && error.code).toBe("invalid_date");
        expect((error as Error).message).toBe(`expected a date YYYY-MM-DD, got "${date}"`);
      }
    },
  );
});
