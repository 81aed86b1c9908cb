// The runs and memory page sources over stores the host passes in (the app wires run-history and memory).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import {
  fileRunsPageSource,
  memoryPageSource,
  storeRunsPageSource,
  type WebMemoryReader,
  type WebRunSummaryRecord,
} from "../src/node.js";

const RUN: WebRunSummaryRecord = {
  runId: "run-1",
  conversationId: "web:thread-1",
  status: "succeeded",
  model: "demo/scripted",
  tools: [{ name: "calculate", calls: 2, errors: 1 }],
  startedAt: "2026-12-03T10:00:00.000Z",
};

describe("runs page sources", () => {
  test("a store file that does not exist lists no runs and is never opened", async () => {
    const opened: string[] = [];
    const source = fileRunsPageSource(join(mkdtempSync(join(tmpdir(), "runs-")), "runs.sqlite"), (file) => {
      opened.push(file);
      throw new Error("not reached");
    });
    expect(await source.listRecent(10)).toEqual([]);
    expect(opened).toEqual([]);
  });

  test("a store file is opened for each read, asked for `limit` runs, and closed", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "runs-")), "runs.sqlite");
    writeFileSync(file, "");
    const events: string[] = [];
    const source = fileRunsPageSource(file, (opened) => ({
      async listRuns({ limit }) {
        events.push(`list ${limit} from ${opened === file ? "the file" : opened}`);
        return { runs: [RUN] };
      },
      async close() {
        events.push("close");
      },
    }));
    expect(await source.listRecent(5)).toEqual([
      {
        runId: "run-1",
        conversationId: "web:thread-1",
        status: "succeeded",
        model: "demo/scripted",
        tools: [{ name: "calculate", calls: 2, errors: 1 }],
        startedAt: "2026-12-03T10:00:00.000Z",
        durationMs: null,
      },
    ]);
    expect(events).toEqual(["list 5 from the file", "close"]);
  });

  test("a store the host keeps open is read as it is, without tools it lists none", async () => {
    const source = storeRunsPageSource({
      listRuns: async () => ({ runs: [{ ...RUN, tools: undefined, durationMs: 1200 }] }),
    });
    const [view] = await source.listRecent(1);
    expect(view).toMatchObject({ runId: "run-1", tools: [], durationMs: 1200 });
  });
});

describe("memory page source", () => {
  test("shows the report's counts in order (booleans as yes/no) and today's kept bullets", async () => {
    const root = mkdtempSync(join(tmpdir(), "memory-"));
    mkdirSync(join(root, "daily"));
    writeFileSync(join(root, "daily", "2026-12-03.md"), "- kept\n- gone\n");
    const reader: WebMemoryReader = {
      inspectLiteMemory: (inspected) => ({
        root: inspected,
        indexPresent: true,
        memories: 3,
        dropped: 1,
        lastDate: "2026-12-03",
      }),
      utcDate: () => "2026-12-03",
      parseBullets: (text) =>
        text
          .trim()
          .split("\n")
          .map((line) => ({ text: line.slice(2), status: line.includes("gone") ? "dropped" : "active" })),
    };
    const overview = await memoryPageSource(reader, root).overview();
    expect(Object.entries(overview.stats)).toEqual([
      ["memories", 3],
      ["dropped", 1],
      ["indexPresent", "yes"],
      ["lastDate", "2026-12-03"],
    ]);
    expect(overview.today).toEqual(["kept"]);
  });

  test("a day without a daily file has no bullets", async () => {
    const reader: WebMemoryReader = {
      inspectLiteMemory: () => ({ memories: 0 }),
      utcDate: () => "2026-12-03",
      parseBullets: (text) => (text === "" ? [] : [{ text, status: "active" }]),
    };
    expect(await memoryPageSource(reader, mkdtempSync(join(tmpdir(), "memory-"))).overview()).toEqual({
      stats: { memories: 0 },
      today: [],
    });
  });
});
