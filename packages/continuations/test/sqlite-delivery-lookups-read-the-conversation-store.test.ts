import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, test } from "vitest";
import { storeDeliveryLookups } from "../src/index.js";
import { CONVERSATION_DELIVERIES_PER_VIEW } from "../src/node/sqlite-delivery-lookups.js";
import { listConversationDeliveries, sqliteDeliveryLookups } from "../src/node.js";

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

function message(text: string): string {
  return JSON.stringify({ role: "assistant", content: [{ type: "text", text }, { type: "thinking" }] });
}

/** A conversation store file with the host's `conversation_messages` columns and the given rows. */
function conversationStore(
  rows: { conversationId: string; runId: string; text: string; at: number }[],
): string {
  const folder = mkdtempSync(join(tmpdir(), "continuations-lookups-"));
  folders.push(folder);
  const file = join(folder, "conversations.sqlite");
  const sqlite = new Database(file);
  sqlite.exec(`CREATE TABLE conversation_messages (
    row_id INTEGER PRIMARY KEY AUTOINCREMENT, conversation_id TEXT NOT NULL, sequence INTEGER NOT NULL,
    run_id TEXT NOT NULL, role TEXT NOT NULL, message_json TEXT NOT NULL, created_at_ms INTEGER NOT NULL)`);
  const insert = sqlite.prepare(
    "INSERT INTO conversation_messages (conversation_id, sequence, run_id, role, message_json, created_at_ms) VALUES (?, ?, ?, 'assistant', ?, ?)",
  );
  sqlite.transaction(() => {
    rows.forEach((row, sequence) => {
      insert.run(row.conversationId, sequence, row.runId, message(row.text), row.at);
    });
  })();
  sqlite.close();
  return file;
}

describe("the SQLite delivery lookups", () => {
  test("tell whether a run wrote messages and read the text of a delivery", async () => {
    const file = conversationStore([
      { conversationId: "cli:a", runId: "run-1", text: "hello", at: 1 },
      { conversationId: "cli:a", runId: "continuation-c1", text: "done", at: 2 },
    ]);
    const lookups = sqliteDeliveryLookups(file);
    expect(await lookups.hasRun("run-1")).toBe(true);
    expect(await lookups.hasRun("run-1", "cli:a")).toBe(true);
    expect(await lookups.hasRun("run-1", "cli:b")).toBe(false);
    expect(await lookups.hasRun("run-2")).toBe(false);
    expect(await lookups.deliveredText("continuation-c1", "cli:a")).toBe("done");
    expect(await lookups.deliveredText("continuation-c2", "cli:a")).toBeUndefined();
  });

  test("answer 'not delivered' when the store does not exist yet", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "continuations-lookups-")), "missing.sqlite");
    folders.push(join(file, ".."));
    const lookups = sqliteDeliveryLookups(file);
    expect(await lookups.hasRun("run-1")).toBe(false);
    expect(await lookups.deliveredText("continuation-c1", "cli:a")).toBeUndefined();
    expect(listConversationDeliveries(file, "cli:a")).toEqual([]);
  });

  test("list a conversation's deliveries oldest first, the newest of one view", () => {
    const rows = Array.from({ length: CONVERSATION_DELIVERIES_PER_VIEW + 2 }, (_, index) => ({
      conversationId: "cli:a",
      runId: `continuation-c${index}`,
      text: `text ${index}`,
      at: 1_000 + index,
    }));
    const file = conversationStore([
      { conversationId: "cli:a", runId: "run-1", text: "an ordinary turn", at: 1 },
      { conversationId: "cli:b", runId: "continuation-other", text: "elsewhere", at: 2 },
      ...rows,
    ]);
    const listed = listConversationDeliveries(file, "cli:a");
    expect(listed).toHaveLength(CONVERSATION_DELIVERIES_PER_VIEW);
    expect(listed[0]).toEqual({ deliveryId: "continuation-c2", text: "text 2", deliveredAtMs: 1_002 });
    expect(listed.at(-1)?.deliveryId).toBe(`continuation-c${CONVERSATION_DELIVERIES_PER_VIEW + 1}`);
  });
});

describe("the lookups of a shared store", () => {
  test("ask the store about runs and read the delivery's first message", async () => {
    const asked: string[] = [];
    const lookups = storeDeliveryLookups(
      { hasRun: async (runId, conversationId) => runId === "run-1" && conversationId !== "cli:b" },
      async (conversationId, runId) => {
        asked.push(`${conversationId} ${runId}`);
        return runId === "continuation-c1" ? message("shared") : undefined;
      },
    );
    expect(await lookups.hasRun("run-1", "cli:a")).toBe(true);
    expect(await lookups.hasRun("run-1", "cli:b")).toBe(false);
    expect(await lookups.deliveredText("continuation-c1", "cli:a")).toBe("shared");
    expect(await lookups.deliveredText("continuation-c9", "cli:a")).toBeUndefined();
    expect(asked).toEqual(["cli:a continuation-c1", "cli:a continuation-c9"]);
  });
});
