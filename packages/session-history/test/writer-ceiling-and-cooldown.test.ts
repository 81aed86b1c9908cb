import { describe, expect, it } from "vitest";
import { FAILURE_COOLDOWN_INITIAL_MS, FAILURE_COOLDOWN_MAX_MS } from "../src/limits.js";
import { createWriteTracker, type WriteOutcome } from "../src/tool-history-writer.js";

/** A tracker on a clock the test moves, and a way to settle writes by hand. */
function setup(foregroundTimeoutMs = 20) {
  let nowMs = 1_000_000;
  const tracker = createWriteTracker({ foregroundTimeoutMs, now: () => nowMs });
  const write = (outcome?: WriteOutcome) => {
    let settle!: (outcome: WriteOutcome) => void;
    const settled = new Promise<WriteOutcome>((resolve) => {
      settle = resolve;
    });
    if (outcome) settle(outcome);
    return { answer: tracker.track(settled), settle };
  };
  return { tracker, write, advance: (ms: number) => (nowMs += ms) };
}

const failed: WriteOutcome = { ok: false, errorCode: "history_write_failed" };

describe("the writer's foreground ceiling and failure cooldown (both engines share them)", () => {
  it("answers persisted or failed in time, else deferred; drain settles the deferred ones within its bound", async () => {
    const { tracker, write } = setup();
    expect(await write({ ok: true }).answer).toEqual({ persistence: "persisted" });
    const slow = write();
    expect(await slow.answer).toEqual({ persistence: "deferred", errorCode: "history_persistence_timeout" });
    expect(await tracker.drain(10)).toEqual({ drained: false, pending: 1 });
    slow.settle({ ok: true });
    expect(await tracker.drain(1_000)).toEqual({ drained: true, pending: 0 });
    expect(tracker.statistics()).toEqual({ persisted: 2, deferred: 1, failed: 0, failedFast: 0 });
  });

  it("a failure starts a cooldown that fails writes fast, doubles per failed probe up to its cap, and a success ends", async () => {
    const { tracker, write, advance } = setup();
    expect(tracker.refusal(false)).toBeUndefined();
    expect(await write(failed).answer).toEqual({ persistence: "failed", errorCode: "history_write_failed" });
    expect(tracker.refusal(false)).toEqual({ persistence: "failed", errorCode: "history_write_failed" });
    advance(FAILURE_COOLDOWN_INITIAL_MS - 1);
    expect(tracker.refusal(false)).toBeDefined();
    advance(1);
    expect(tracker.refusal(false)).toBeUndefined();
    // The probe fails: twice as long now.
    await write(failed).answer;
    advance(FAILURE_COOLDOWN_INITIAL_MS);
    expect(tracker.refusal(false)).toBeDefined();
    advance(FAILURE_COOLDOWN_INITIAL_MS);
    expect(tracker.refusal(false)).toBeUndefined();
    for (let probe = 0; probe < 20; probe++) {
      await write(failed).answer;
      advance(FAILURE_COOLDOWN_MAX_MS);
    }
    expect(tracker.refusal(false)).toBeUndefined();
    await write({ ok: true }).answer;
    await write(failed).answer;
    advance(FAILURE_COOLDOWN_INITIAL_MS);
    expect(tracker.refusal(false)).toBeUndefined();
    expect(tracker.statistics().failedFast).toBe(3);
  });

  it("an idempotency conflict is the caller's, not an outage: no cooldown; a closed writer refuses everything", async () => {
    const { tracker, write } = setup();
    expect(await write({ ok: false, errorCode: "history_idempotency_conflict" }).answer).toEqual({
      persistence: "failed",
      errorCode: "history_idempotency_conflict",
    });
    expect(tracker.refusal(false)).toBeUndefined();
    expect(tracker.refusal(true)).toEqual({ persistence: "failed", errorCode: "history_writer_closed" });
  });
});
