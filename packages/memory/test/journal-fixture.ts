import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createNodeAuthenticatedCursorCodec } from "@mono-agent/evidence/node";
import {
  createMemoryJournalRunState,
  createMemoryJournalServer,
  formatBullet,
  type MemoryStore,
} from "../src/index.js";
import type { LiteMemoryStore } from "../src/lite/index.js";
import { openTierStore } from "./contract-tiers.js";
import { call, connect, tempRoot } from "./helpers.js";

/** Writes bullets (created at the given instants) into their UTC daily files, then opens the store. */
export function storeWith(
  entries: Array<{ created: string; text: string; id?: string; status?: "open" | "dropped" | "invalidated" }>,
  root = tempRoot(),
): LiteMemoryStore {
  mkdirSync(join(root, "daily"), { recursive: true });
  const byDate = new Map<string, string[]>();
  entries.forEach((entry, index) => {
    const date = entry.created.slice(0, 10);
    const block = formatBullet({
      id: entry.id ?? `entry-${String(index).padStart(5, "0")}`,
      text: entry.text,
      type: "note",
      status: entry.status ?? "open",
      salience: 0.5,
      isInsight: false,
      created: entry.created,
      refs: [],
      extra: {},
    });
    byDate.set(date, [...(byDate.get(date) ?? []), block]);
  });
  for (const [date, blocks] of byDate) {
    writeFileSync(join(root, "daily", `${date}.md`), `# ${date}\n\n${blocks.join("\n")}\n`);
  }
  return openTierStore({ root });
}

/** A MemoryJournal client for one run. */
export async function journalClient(
  store: MemoryStore,
  options: {
    runId?: string;
    env?: Record<string, string>;
    codec?: ReturnType<typeof createNodeAuthenticatedCursorCodec>;
  } = {},
) {
  const run = createMemoryJournalRunState({
    runId: options.runId ?? "run-1",
    cursorCodec: options.codec ?? createNodeAuthenticatedCursorCodec(),
  });
  const client = await connect(createMemoryJournalServer({ store, run, env: options.env ?? {} }));
  return { run, client, journal: (args: Record<string, unknown>) => call(client, "MemoryJournal", args) };
}
