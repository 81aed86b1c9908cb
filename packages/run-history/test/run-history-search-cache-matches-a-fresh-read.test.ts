import fc from "fast-check";
import { describe, expect, test } from "vitest";
import {
  callRunHistory,
  createRunSearchCache,
  type RunHistoryContext,
  type RunHistoryRollover,
  type RunStore,
  type TerminalRunStatus,
} from "../src/index.js";
import { createRunEventReader, type SqliteRunStore } from "../src/sqlite.js";
import { completion, runStart, tempStore } from "./fixtures/temp-store.js";

const base = Date.parse("2026-01-01T00:00:00Z");
const WORDS = ["north", "Spain", "flights", "report", "deploy", "sp", "no", "Ärger", "/home/me/spain.txt"];
const CONVERSATIONS = ["cli:a", "cli:a#2026-01-02", "cli:a#2026-01-03", "cli:b"];
const STATUSES: TerminalRunStatus[] = ["succeeded", "failed", "cancelled", "interrupted"];

type Operation =
  | { kind: "begin"; conversation: number; words: number[] }
  | { kind: "settle"; pick: number; status: number; updatedAt: number }
  | { kind: "interrupt"; pick: number }
  | { kind: "delete"; picks: number[] }
  | { kind: "search"; words: number[]; limit: number; host: number; nextPage: boolean };

const word = fc.nat({ max: WORDS.length - 1 });
const begin = fc.record({
  kind: fc.constant("begin" as const),
  conversation: fc.nat({ max: CONVERSATIONS.length - 1 }),
  words: fc.array(word, { minLength: 1, maxLength: 3 }),
});
const settle = fc.record({
  kind: fc.constant("settle" as const),
  pick: fc.nat(),
  status: fc.nat({ max: STATUSES.length - 1 }),
  // Few distinct times: ties (ordered by run id) and runs settling "before" runs already kept.
  updatedAt: fc.nat({ max: 6 }),
});
const interrupt = fc.record({ kind: fc.constant("interrupt" as const), pick: fc.nat() });
const remove = fc.record({
  kind: fc.constant("delete" as const),
  picks: fc.array(fc.nat(), { minLength: 1, maxLength: 3 }),
});
const search = fc.record({
  kind: fc.constant("search" as const),
  words: fc.array(word, { minLength: 1, maxLength: 3 }),
  limit: fc.integer({ min: 1, max: 10 }),
  host: fc.nat({ max: 2 }),
  nextPage: fc.boolean(),
});
const operation: fc.Arbitrary<Operation> = fc.oneof(
  { weight: 4, arbitrary: begin },
  { weight: 4, arbitrary: settle },
  { weight: 1, arbitrary: interrupt },
  { weight: 1, arbitrary: remove },
  { weight: 3, arbitrary: search },
);

/** The store as an older read-only file shows it: no change tracking, so a search reads every run id. */
function withoutChangeTracking(store: RunStore): RunStore {
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property === "readSettledRunsSince") return async () => undefined;
      const value = Reflect.get(target, property, receiver);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}

/** Three hosts: daily rollover, exact conversation, and one whose current run may already be settled. */
function hostsOf(store: SqliteRunStore, artifactsDir: string) {
  const host = (conversationId: string, rollover: RunHistoryRollover, runId: string) => {
    const shared = {
      readEvents: createRunEventReader(artifactsDir),
      runId,
      conversationId,
      rollover,
      digest: (text: string) => Buffer.from(text).toString("base64url").padEnd(24, "x").slice(0, 24),
    };
    return {
      cached: { ...shared, store, searchCache: createRunSearchCache() } satisfies RunHistoryContext,
      uncached: { ...shared, store } satisfies RunHistoryContext,
      fresh: { ...shared, store: withoutChangeTracking(store) } satisfies RunHistoryContext,
    };
  };
  return [
    host("cli:a#2026-01-05", "daily", "run-now"),
    host("cli:a", "none", "run-now"),
    host("cli:a#2026-01-02", "daily", "r2"),
  ];
}

describe("the search cache", () => {
  test("after any mix of runs starting, settling, being interrupted and deleted, a cached search (and one without a cache) answers exactly as a fresh read of every run id", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(operation, { minLength: 20, maxLength: 60 }), async (operations) => {
        const { store, artifactsDir } = tempStore();
        const hosts = hostsOf(store, artifactsDir);
        const running: string[] = [];
        const settled: string[] = [];
        let next = 0;
        try {
          for (const op of operations) {
            if (op.kind === "begin") {
              const runId = `r${next++}`;
              await store.beginRun(
                runStart(runId, {
                  conversationId: CONVERSATIONS[op.conversation] as string,
                  startedAtMs: base + next,
                  userInput: op.words.map((index) => WORDS[index]).join(" "),
                }),
              );
              running.push(runId);
            } else if (op.kind === "settle" || op.kind === "interrupt") {
              if (running.length === 0) continue;
              const [runId] = running.splice((op.kind === "settle" ? op.pick : op.pick) % running.length, 1);
              if (op.kind === "settle") {
                const at = base + 1_000 * op.updatedAt;
                const status = STATUSES[op.status] as TerminalRunStatus;
                await store.completeRun(
                  runId as string,
                  completion({ status, updatedAtMs: at, endedAtMs: at }),
                );
              } else
                await store.markInterrupted([runId as string], {
                  failureKind: "process_death",
                  error: "gone",
                  nowMs: base + 3_500,
                });
              settled.push(runId as string);
            } else if (op.kind === "delete") {
              if (settled.length === 0) continue;
              const doomed = [...new Set(op.picks.map((pick) => settled[pick % settled.length] as string))];
              await store.deleteRuns(doomed);
              for (const runId of doomed) settled.splice(settled.indexOf(runId), 1);
            } else {
              const { cached, uncached, fresh } = hosts[op.host] as ReturnType<typeof hostsOf>[number];
              const args = { query: op.words.map((index) => WORDS[index]).join(" "), limit: op.limit };
              const [expected, first, second, once] = await Promise.all([
                callRunHistory(fresh, args),
                callRunHistory(cached, args),
                callRunHistory(cached, args),
                callRunHistory(uncached, args),
              ]);
              expect(first.structuredContent).toEqual(expected.structuredContent);
              expect(second.structuredContent).toEqual(expected.structuredContent);
              expect(once.structuredContent).toEqual(expected.structuredContent);
              const cursor = (expected.structuredContent as { nextCursor?: string }).nextCursor;
              if (op.nextPage && cursor !== undefined)
                expect((await callRunHistory(cached, { ...args, cursor })).structuredContent).toEqual(
                  (await callRunHistory(fresh, { ...args, cursor })).structuredContent,
                );
            }
          }
        } finally {
          await store.close();
        }
      }),
      { numRuns: 60 },
    );
  });
});
