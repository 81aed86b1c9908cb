import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { once } from "node:events";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, test } from "vitest";
import { parseBullets } from "../src/index.js";
import { inspectLiteMemory, type LiteMemoryStore, openLiteMemoryStore } from "../src/lite/index.js";
import { bulletLines, dailyText, movableClock, tempRoot } from "./helpers.js";

const CHILD = fileURLToPath(new URL("./fixtures/remember-child.mjs", import.meta.url));
const stores: LiteMemoryStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

function crashChild(root: string, iso: string, text: string) {
  const result = spawnSync(process.execPath, [CHILD, "crash", root, iso, text], {
    encoding: "utf8",
    timeout: 20_000,
  });
  expect(result.signal).toBe("SIGKILL");
}

describe("crash window: killed (kill -9) after the canonical write, before the index write", () => {
  test("a running store completes it on the identical retry on the next UTC date: one bullet, one index row", async () => {
    const root = tempRoot();
    const clock = movableClock("2026-09-02T00:00:01Z");
    const agent = openLiteMemoryStore({ root, now: clock.now, lock: { staleMs: 0 } });
    stores.push(agent);
    crashChild(root, "2026-09-01T23:59:58Z", "The standby database is db-b");
    expect(bulletLines(root)).toEqual(["- – The standby database is db-b"]);
    expect(inspectLiteMemory(root)).toMatchObject({ indexedMemories: 0, pendingIntents: 1 });
    const retry = await agent.remember({ text: "The standby database is db-b" });
    expect(retry).toMatchObject({ source: "daily/2026-09-01.md", duplicate: false, completedIndex: true });
    expect(bulletLines(root)).toHaveLength(1);
    expect(agent.counts()).toEqual({ memories: 1, dropped: 0, pendingIntents: 0 });
    expect((await agent.recall({ query: "standby", limit: 8 })).map((hit) => hit.text)).toEqual([
      "The standby database is db-b",
    ]);
  });

  test("after a restart the retry on the next UTC date finds it too: one bullet, one index row", async () => {
    const root = tempRoot();
    crashChild(root, "2026-09-01T23:59:58Z", "Payroll runs on the 25th");
    const restarted = openLiteMemoryStore({
      root,
      now: () => new Date("2026-09-02T08:00:00Z"),
      lock: { staleMs: 0 },
    });
    stores.push(restarted);
    const retry = await restarted.remember({ text: "Payroll runs on the 25th" });
    expect(retry.source).toBe("daily/2026-09-01.md");
    expect(bulletLines(root)).toHaveLength(1);
    expect(restarted.counts()).toEqual({ memories: 1, dropped: 0, pendingIntents: 0 });
  });
});

describe("two processes remembering 500 different facts each at the same time", () => {
  test("1,000 bullets, no torn or interleaved line, the index consistent with the files", async () => {
    const root = tempRoot();
    openLiteMemoryStore({ root }).close();
    const children: ChildProcess[] = ["alpha", "beta"].map((prefix) =>
      spawn(process.execPath, [CHILD, "bulk", root, prefix, "500"], { stdio: ["pipe", "pipe", "inherit"] }),
    );
    await Promise.all(children.map((child) => once(child.stdout!, "data")));
    for (const child of children) child.stdin!.write("go\n");
    const codes = await Promise.all(children.map(async (child) => (await once(child, "exit"))[0]));
    expect(codes).toEqual([0, 0]);
    const text = dailyText(root);
    const lines = text.split("\n").filter((line) => line.length > 0);
    for (const [index, line] of lines.entries()) {
      if (line.startsWith("# ")) continue;
      if (line.startsWith("- – ")) {
        expect(lines[index + 1]).toMatch(/^ {2}<!--mem id=[0-9a-f]{64} type=note status=open .*-->$/);
      } else expect(line).toMatch(/^ {2}<!--mem /);
    }
    const bullets = parseBullets(text);
    expect(bullets).toHaveLength(1000);
    expect(new Set(bullets.map((bullet) => bullet.id)).size).toBe(1000);
    for (const prefix of ["alpha", "beta"]) {
      expect(bullets.filter((bullet) => bullet.text.startsWith(`${prefix} fact number `))).toHaveLength(500);
    }
    const report = inspectLiteMemory(root);
    expect(report).toMatchObject({ memories: 1000, indexedMemories: 1000, pendingIntents: 0 });
    const store = openLiteMemoryStore({ root });
    stores.push(store);
    expect((await store.rebuild()).memories).toBe(1000);
  }, 120_000);
});
