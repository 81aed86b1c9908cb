import { writeFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { readRunEvents, runEventsFile } from "../src/sqlite.js";
import { tempStore } from "./fixtures/temp-store.js";

const timing = (index: number) =>
  JSON.stringify({ type: "tool_timing", tool_use_id: `c${index}`, name: "Read", execution_ms: index });

describe("reading events files", () => {
  test("corrupt lines and a cut final line are reported by number; good lines are still read", async () => {
    const { artifactsDir } = tempStore();
    const lines = [
      timing(1),
      "{not json",
      timing(2),
      '{"type":"mystery"}',
      "[1,2]",
      timing(3),
      '{"type":"tool_tim',
    ];
    writeFileSync(runEventsFile(artifactsDir, "bad-1"), lines.join("\n"));
    const read = await readRunEvents(artifactsDir, "bad-1");
    expect(read.totalEvents).toBe(3);
    expect(read.events.map((entry) => entry.line)).toEqual([1, 3, 6]);
    expect(read.badLines).toEqual([
      { line: 2, reason: "not JSON" },
      { line: 4, reason: 'unknown event type "mystery"' },
      { line: 5, reason: "not an event object" },
      { line: 7, reason: "truncated final line" },
    ]);
  });

  test("head-tail keeps the first and last events of a long file", async () => {
    const { artifactsDir } = tempStore();
    const lines = Array.from({ length: 1_000 }, (_, index) => timing(index));
    writeFileSync(runEventsFile(artifactsDir, "long-1"), `${lines.join("\n")}\n`);
    const read = await readRunEvents(artifactsDir, "long-1", { maxEvents: 10 });
    expect(read.events.map((entry) => entry.line)).toEqual([1, 2, 3, 4, 5, 996, 997, 998, 999, 1000]);
    expect(read).toMatchObject({ totalEvents: 1_000, omittedEvents: 990, badLines: [] });
    expect((await readRunEvents(artifactsDir, "long-1", { selection: "all" })).events).toHaveLength(1_000);
  });

  test("a missing file is exists: false; an unsafe run id is refused", async () => {
    const { artifactsDir } = tempStore();
    expect(await readRunEvents(artifactsDir, "never-ran")).toMatchObject({ exists: false, totalEvents: 0 });
    await expect(readRunEvents(artifactsDir, "../../etc/passwd")).rejects.toMatchObject({
      code: "invalid_run_id",
    });
  });
});
