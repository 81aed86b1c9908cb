import { expect, test } from "vitest";
import { groupRolloverBuckets } from "../src/index.js";

test("the daily buckets of one conversation merge under its logical id; other ids stay apart", () => {
  const groups = groupRolloverBuckets([
    { conversationId: "cli:a#2026-07-12", messageCount: 2, createdAtMs: 300, updatedAtMs: 400 },
    { conversationId: "cli:b", messageCount: 1, createdAtMs: 50, updatedAtMs: 350 },
    { conversationId: "cli:a#2026-07-11", messageCount: 3, createdAtMs: 100, updatedAtMs: 200 },
  ]);
  expect(groups.map(({ buckets, ...group }) => ({ ...group, days: buckets.length }))).toEqual([
    { conversationId: "cli:a", messageCount: 5, createdAtMs: 100, updatedAtMs: 400, days: 2 },
    { conversationId: "cli:b", messageCount: 1, createdAtMs: 50, updatedAtMs: 350, days: 1 },
  ]);
  expect(groups[0]?.buckets.map((bucket) => bucket.conversationId)).toEqual([
    "cli:a#2026-07-12",
    "cli:a#2026-07-11",
  ]);
});
