import {
  DELIVERY_ATTEMPTS_MAX,
  LAST_ERROR_MAX_CHARS,
  LEASE_MS,
  NO_ACTION_MARKER,
  SYNTHESIZED_TEXT_MAX_CHARS,
} from "../continuation-limits.js";
import type { ContinuationChannel, ContinuationSynthesizer, SynthesisUsage } from "../continuation-ports.js";
import type { ContinuationRecord, DeliveryReceipt } from "../continuation-record.js";
import { ACTIVE_STATES, type ContinuationState } from "../continuation-states.js";
import { deliveryBackoffMs } from "../delivery-backoff.js";
import { originContextUnavailableText } from "../synthesis-prompt.js";
import type { ContinuationStore, NewContinuationRow } from "./open-continuation-store.js";
import { recoverInterruptedRecord } from "./recover-continuations.js";
import { type LatestOriginMessages, synthesisOriginContext } from "./synthesis-context.js";

/**
 * Test-only pause points of the worker (a test host uses them to kill the process at a known
 * moment). `beforeSynthesis` runs once the record is `synthesizing`; `afterDeliveryPosted` once the
 * channel took the message and before the record says `delivered`.
 */
export interface ContinuationWorkerHooks {
  beforeSynthesis?(record: ContinuationRecord): Promise<void> | void;
  afterDeliveryPosted?(record: ContinuationRecord): Promise<void> | void;
}

/** What the worker needs. */
export interface WorkerContext {
  store: ContinuationStore;
  synthesizer: ContinuationSynthesizer;
  channel: ContinuationChannel;
  /** This process's lease owner id. */
  owner: string;
  /**
   * How long a lease lasts before another worker (host) may take the record over; the worker renews
   * it every third of this while it works the record. Default {@link LEASE_MS}.
   */
  leaseMs?: number;
  now(): number;
  maxConcurrent: number;
  synthesisTimeoutMs: number;
  deliveryTimeoutMs: number;
  /** The latest messages of a conversation, for detached records (`detached_latest`). */
  latestOriginMessages?: LatestOriginMessages;
  hooks?: ContinuationWorkerHooks;
  /** Reports a failure of the worker itself (never of a record); the host logs it. */
  onError?(error: unknown): void;
}

class TimeoutError extends Error {}

function errorFields(code: string, error: unknown): Partial<NewContinuationRow> {
  const message = error instanceof Error ? error.message : String(error);
  return { lastErrorCode: code, lastErrorMessage: message.slice(0, LAST_ERROR_MAX_CHARS) };
}

/** The synthesis usage as the record stores it, or null when none was reported or a field is not a finite number ≥ 0. */
function usageJson(usage: SynthesisUsage | undefined): string | null {
  if (usage === undefined) return null;
  const { inputTokens, outputTokens, totalTokens, costUsd } = usage;
  const fields = [inputTokens, outputTokens, totalTokens, costUsd];
  if (!fields.every((value) => typeof value === "number" && Number.isFinite(value) && value >= 0))
    return null;
  return JSON.stringify({ inputTokens, outputTokens, totalTokens, costUsd });
}

async function withTimeout<T>(
  timeoutMs: number,
  stop: AbortSignal,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  const onStop = () => controller.abort(stop.reason);
  stop.addEventListener("abort", onStop, { once: true });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new TimeoutError(`timed out after ${timeoutMs} ms`));
      reject(new TimeoutError(`timed out after ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([work(controller.signal), timeout]);
  } finally {
    clearTimeout(timer);
    stop.removeEventListener("abort", onStop);
  }
}

/**
 * The continuation worker: leases due records (one worker, of any host, works a record; the lease is
 * renewed while it works and taken over by another worker once it runs out), runs each
 * synthesis at most once per start, delivers with bounded retries and backoff, and expires claims
 * whose deadline passed. `tick()` is idempotent and never throws.
 */
export class ContinuationWorker {
  readonly #running = new Map<string, Promise<void>>();
  readonly #stop = new AbortController();

  constructor(private readonly context: WorkerContext) {}

  get stopSignal(): AbortSignal {
    return this.#stop.signal;
  }

  tick(): void {
    if (this.#stop.signal.aborted) return;
    const free = this.context.maxConcurrent - this.#running.size;
    if (free <= 0) return;
    const now = this.context.now();
    let leased: ContinuationRecord[];
    try {
      leased = this.context.store.leaseDue(now, free, this.context.owner, now + this.#leaseMs);
    } catch (error) {
      this.context.onError?.(error);
      return;
    }
    for (const record of leased) {
      const renew = setInterval(() => this.#renew(record), Math.max(1, Math.floor(this.#leaseMs / 3)));
      renew.unref();
      const work = this.#work(record)
        .catch((error: unknown) => this.context.onError?.(error))
        .finally(() => {
          clearInterval(renew);
          this.#running.delete(record.continuationId);
          if (!this.#stop.signal.aborted) setImmediate(() => this.tick());
        });
      this.#running.set(record.continuationId, work);
    }
  }

  get #leaseMs(): number {
    return this.context.leaseMs ?? LEASE_MS;
  }

  /** Extends the lease of a record this worker is working (nothing when it no longer holds it). */
  #renew(record: ContinuationRecord): void {
    try {
      const now = this.context.now();
      this.context.store.update(
        record.continuationId,
        ACTIVE_STATES,
        { leaseExpiresAtMs: now + this.#leaseMs },
        { now, leaseOwner: this.context.owner },
      );
    } catch (error) {
      this.context.onError?.(error);
    }
  }

  /** Stops taking work, aborts what runs, and waits for it to settle. */
  async stop(): Promise<void> {
    this.#stop.abort(new Error("the continuation service is stopping"));
    await Promise.allSettled([...this.#running.values()]);
  }

  #update(record: ContinuationRecord, from: ContinuationState[], patch: Partial<NewContinuationRow>) {
    return this.context.store.update(record.continuationId, from, patch, {
      now: this.context.now(),
      leaseOwner: this.context.owner,
    });
  }

  #finish(record: ContinuationRecord, from: ContinuationState[], patch: Partial<NewContinuationRow>) {
    return this.#update(record, from, { ...patch, leaseOwner: null, leaseExpiresAtMs: null });
  }

  async #work(leased: ContinuationRecord): Promise<void> {
    const now = this.context.now();
    if (leased.state === "claimed") {
      this.#finish(leased, ["claimed"], { state: "expired" });
      return;
    }
    if (
      leased.state === "synthesizing" ||
      ((leased.state === "ready_to_deliver" || leased.state === "delivery_retry") &&
        leased.deliveryStartedAtMs !== undefined)
    ) {
      // Its last worker died mid-synthesis or mid-delivery (its lease ran out): recover it as a start would.
      await recoverInterruptedRecord({
        store: this.context.store,
        channel: this.context.channel,
        record: leased,
        now,
        guard: { now, leaseOwner: this.context.owner },
      });
      return;
    }
    if (leased.state === "result_received") {
      const next = await this.#synthesize(leased);
      if (next && (next.state === "ready_to_deliver" || next.state === "delivery_retry"))
        await this.#deliver(next);
      return;
    }
    await this.#deliver(leased);
  }

  #receipt(fields: Omit<DeliveryReceipt, "deliveredAt">): string {
    return JSON.stringify({ deliveredAt: new Date(this.context.now()).toISOString(), ...fields });
  }

  async #synthesize(record: ContinuationRecord): Promise<ContinuationRecord | undefined> {
    if (record.mode === "silent")
      return this.#finish(record, ["result_received"], {
        state: "delivered",
        receiptJson: this.#receipt({ historyRecorded: false, suppressed: true }),
      });
    const destination = record.destinationConversationId;
    if (destination !== undefined && !this.context.channel.accepts(destination))
      return this.#finish(record, ["result_received"], {
        state: "dead_lettered",
        ...errorFields("channel_not_allowed", `no channel delivers to ${destination}`),
      });
    const snapshot = await synthesisOriginContext(
      this.context.store,
      record,
      this.context.latestOriginMessages,
    );
    let text: string;
    let completionKind: "synthesized" | "origin_context_unavailable" | "no_action";
    let synthesisUsageJson: string | null = null;
    if (snapshot === undefined) {
      text = originContextUnavailableText(record.serverName);
      completionKind = "origin_context_unavailable";
    } else {
      const started = this.#update(record, ["result_received"], {
        state: "synthesizing",
        synthesisAttempts: record.synthesisAttempts + 1,
      });
      if (!started) return undefined;
      try {
        await this.context.hooks?.beforeSynthesis?.(started);
        const synthesized = await withTimeout(this.context.synthesisTimeoutMs, this.#stop.signal, (signal) =>
          this.context.synthesizer.synthesize({
            continuationId: record.continuationId,
            mode: record.mode,
            serverName: record.serverName,
            originConversationId: record.originConversationId,
            originContext: snapshot,
            payload: this.context.store.payload(record.continuationId),
            toolsDisabled: true,
            deferHistoryCommit: true,
            signal,
          }),
        );
        text = synthesized.text.slice(0, SYNTHESIZED_TEXT_MAX_CHARS);
        synthesisUsageJson = usageJson(synthesized.usage);
        if (text.trim() === "") throw new Error("the synthesis produced no text");
        completionKind =
          record.mode === "notify_if_actionable" && text.trim() === NO_ACTION_MARKER
            ? "no_action"
            : "synthesized";
      } catch (error) {
        if (this.#stop.signal.aborted) {
          // Stopping is not a failure: the record goes back to wait for the next start.
          return this.#finish(started, ["synthesizing"], {
            state: "result_received",
            synthesisAttempts: record.synthesisAttempts,
          });
        }
        const code = error instanceof TimeoutError ? "synthesis_timeout" : "synthesis_failed";
        return this.#finish(started, ["synthesizing"], {
          state: "dead_lettered",
          ...errorFields(code, error),
        });
      }
    }
    const from: ContinuationState[] = ["result_received", "synthesizing"];
    if (completionKind === "no_action")
      return this.#finish(record, from, {
        state: "delivered",
        completionKind,
        synthesisUsageJson,
        receiptJson: this.#receipt({ historyRecorded: false, suppressed: true }),
      });
    if (record.mode === "capture")
      return this.#finish(record, from, {
        state: "delivered",
        synthesizedText: text,
        completionKind,
        synthesisUsageJson,
        receiptJson: this.#receipt({ historyRecorded: false, captured: true }),
      });
    return this.#update(record, from, {
      state: "ready_to_deliver",
      synthesizedText: text,
      completionKind,
      synthesisUsageJson,
      lastErrorCode: null,
      lastErrorMessage: null,
    });
  }

  async #deliver(record: ContinuationRecord): Promise<void> {
    const from: ContinuationState[] = ["ready_to_deliver", "delivery_retry"];
    const destination = record.destinationConversationId;
    if (
      destination === undefined ||
      record.synthesizedText === undefined ||
      !this.context.channel.accepts(destination)
    ) {
      this.#finish(record, from, {
        state: "dead_lettered",
        ...errorFields("channel_not_allowed", `no channel delivers to ${destination ?? "(no destination)"}`),
      });
      return;
    }
    const started = this.#update(record, from, {
      state: "ready_to_deliver",
      deliveryStartedAtMs: this.context.now(),
    });
    if (!started) return;
    const deliveryId = `continuation-${record.continuationId}`;
    try {
      const outcome = await withTimeout(this.context.deliveryTimeoutMs, this.#stop.signal, (signal) =>
        this.context.channel.deliver({
          continuationId: record.continuationId,
          deliveryId,
          conversationId: destination,
          serverName: record.serverName,
          originRunId: record.originRunId,
          text: record.synthesizedText as string,
          mode: record.mode,
          ...(record.synthesisUsage ? { synthesisUsage: record.synthesisUsage } : {}),
          signal,
        }),
      );
      await this.context.hooks?.afterDeliveryPosted?.(started);
      this.#finish(started, ["ready_to_deliver"], {
        state: "delivered",
        deliveryAttempts: record.deliveryAttempts + 1,
        deliveryStartedAtMs: null,
        receiptJson: this.#receipt(outcome),
      });
    } catch (error) {
      if (this.#stop.signal.aborted) {
        // Leave deliveryStartedAtMs: the next start asks the channel, or marks it delivery_unknown.
        this.#finish(started, ["ready_to_deliver"], {});
        return;
      }
      const attempts = record.deliveryAttempts + 1;
      if (error instanceof TimeoutError) {
        this.#finish(started, ["ready_to_deliver"], {
          state: "delivery_unknown",
          deliveryAttempts: attempts,
          ...errorFields("delivery_timeout", error),
        });
        return;
      }
      this.#finish(started, ["ready_to_deliver"], {
        state: attempts >= DELIVERY_ATTEMPTS_MAX ? "dead_lettered" : "delivery_retry",
        deliveryAttempts: attempts,
        deliveryStartedAtMs: null,
        nextAttemptAtMs: this.context.now() + deliveryBackoffMs(attempts),
        ...errorFields("delivery_failed", error),
      });
    }
  }
}
