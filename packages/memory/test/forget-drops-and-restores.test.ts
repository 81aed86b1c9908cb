import { mkdirSync, statSync, utimesSync, existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { createMemoryRecallServer, createRememberServer } from "../src/index.js";
import {
  applyForget,
  type LiteMemoryStore,
  MemoryErrorCodeOf,
  openLiteMemoryStore,
  prepareForget,
  pruneForgetBackups,
  restoreForget,
} from "./forget-imports.js";
import { bulletLines, call, connect, tempRoot } from "./helpers.js";

const stores: LiteMemoryStore[] = [];
afterEach(() => {
  for (const store of stores.splice(0)) store.close();
});

async function seeded() {
  const root = tempRoot();
  const store = openLiteMemoryStore({ root });
  const remember = await connect(createRememberServer({ store }));
  const keep = await call(remember, "Remember", { text: "The cat is called Miso" });
  const drop = await call(remember, "Remember", { text: "The old alarm code is 1234" });
  store.close();
  return { root, keepId: keep.structured["id"] as string, dropId: drop.structured["id"] as string };
}

describe("forget: prepare -> apply -> restore", () => {
  test("the fact is dropped, not recallable, Remember of the same text is refused; restore brings it back", async () => {
    const { root, dropId } = await seeded();
    const plan = join(dirname(root), "forget-plan.json");
    prepareForget({ root, ids: [dropId], reason: "user-request", planPath: plan });
    expect(statSync(plan).mode & 0o777).toBe(0o600);
    const applied = await applyForget({ root, planPath: plan });
    expect(applied.dropped).toEqual([dropId]);
    expect(bulletLines(root)).toContain("- [~] The old alarm code is 1234");

    const store = openLiteMemoryStore({ root });
    stores.push(store);
    const recall = await connect(createMemoryRecallServer({ store }));
    expect((await call(recall, "MemoryRecall", { query: "alarm code" })).structured["hits"]).toEqual([]);
    expect((await call(recall, "MemoryRecall", { query: "Miso" })).structured["hits"]).toHaveLength(1);
    const again = await call(await connect(createRememberServer({ store })), "Remember", {
      text: "The old alarm code is 1234",
    });
    expect(again.isError).toBe(true);
    expect(again.text).toContain("forgotten");
    store.close();

    await restoreForget({ root, backupDir: applied.backupDir });
    const restored = openLiteMemoryStore({ root });
    stores.push(restored);
    expect((await restored.recall({ query: "alarm code", limit: 8 })).map((hit) => hit.text)).toEqual([
      "The old alarm code is 1234",
    ]);
  });

  test("prepare refuses more than 32 ids, duplicates, unknown or already forgotten ids, a bad reason, and a plan inside the root", async () => {
    const { root, keepId } = await seeded();
    const outside = (name: string) => join(dirname(root), name);
    const code = (run: () => unknown) => {
      try {
        run();
        return "ok";
      } catch (error) {
        return MemoryErrorCodeOf(error);
      }
    };
    expect(
      code(() =>
        prepareForget({ root, ids: Array(33).fill(keepId), reason: "x", planPath: outside("a.json") }),
      ),
    ).toBe("invalid_ids");
    expect(
      code(() => prepareForget({ root, ids: [keepId, keepId], reason: "x", planPath: outside("b.json") })),
    ).toBe("invalid_ids");
    expect(
      code(() => prepareForget({ root, ids: ["f".repeat(64)], reason: "x", planPath: outside("c.json") })),
    ).toBe("invalid_ids");
    expect(
      code(() => prepareForget({ root, ids: [keepId], reason: "Not A Slug", planPath: outside("d.json") })),
    ).toBe("invalid_reason");
    expect(
      code(() => prepareForget({ root, ids: [keepId], reason: "ok", planPath: join(root, "plan.json") })),
    ).toBe("invalid_plan");
  });

  test("apply refuses while an agent has the store open, and when the memory changed after prepare", async () => {
    const { root, dropId } = await seeded();
    const plan = join(dirname(root), "p.json");
    prepareForget({ root, ids: [dropId], reason: "cleanup", planPath: plan });
    const agent = openLiteMemoryStore({ root, announceRuntime: true });
    await expect(applyForget({ root, planPath: plan })).rejects.toMatchObject({ code: "agent_running" });
    await agent.remember({ text: "a later fact" });
    agent.close();
    await expect(applyForget({ root, planPath: plan })).rejects.toMatchObject({ code: "plan_stale" });
  });

  test("backups keep the 3 newest and none older than 30 days", () => {
    const root = tempRoot();
    mkdirSync(root, { recursive: true });
    const now = new Date("2026-09-30T00:00:00Z");
    for (const [index, daysOld] of [1, 2, 3, 4, 40].entries()) {
      const dir = join(dirname(root), `.memory-forget-backup-${index}`);
      mkdirSync(dir);
      const when = new Date(now.getTime() - daysOld * 86_400_000);
      utimesSync(dir, when, when);
    }
    pruneForgetBackups(root, now);
    const left = readdirSync(dirname(root)).filter((name) => name.startsWith(".memory-forget-backup-"));
    expect(left.sort()).toEqual([
      ".memory-forget-backup-0",
      ".memory-forget-backup-1",
      ".memory-forget-backup-2",
    ]);
    expect(existsSync(root)).toBe(true);
  });
});
