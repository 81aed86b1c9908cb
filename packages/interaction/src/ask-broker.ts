import { randomUUID } from "node:crypto";
import { conversationChannel, logicalConversationId } from "@mono-agent/ids";
import { type AskAudience, audienceReaches, mayAnswer, refusalReason } from "./ask-audience.js";
import type { AskChannel } from "./ask-channel.js";
import type { AskStore } from "./ask-store.js";
import type { AnsweredBy, AskAnswer, AskCancelReason, AskKind, AskPrompt, AskRecord } from "./ask-types.js";
import { checkAnswer } from "./check-answer.js";
import { InteractionError } from "./interaction-error.js";

/** Longest single timer, in ms: Node's setTimeout fires at once past 2^31-1; longer expiries re-arm. */
export const MAX_TIMER_MS = 2_147_483_647;

/** What opening an ask needs. `timeoutMs: null` = no expiry. */
export interface OpenAskInput {
  kind: AskKind;
  runId: string;
  conversationId: string;
  prompt: AskPrompt;
  timeoutMs: number | null;
  /** Who may answer (`askAudience`); an ask whose audience no one of its channel is in fails closed. */
  audience: AskAudience;
}

/** Clock and timers, injectable so tests never sleep. */
export interface BrokerClock {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** Options of {@link createAskBroker}. */
export interface AskBrokerOptions {
  store: AskStore;
  /** The channels asks can go to, by conversation prefix. More can be added with `addChannel`. */
  channels?: AskChannel[];
  clock?: BrokerClock;
  /** Called after every change of an ask (opened, answered, expired, cancelled): run evidence, live views. */
  onChange?: (ask: AskRecord) => void;
  /** Who opens asks through this broker (the host's process), stored with each ask. */
  owner?: string;
  /**
   * On a store several hosts share: while someone waits on an ask, read it back every this many ms and
   * resolve the wait when another host settled it (an answer that reached that host). Default: no polling.
   */
  pollSettledMs?: number;
}

/** The one state machine of asks: open, answer, expire, cancel; every change stored first, then shown. */
export interface AskBroker {
  addChannel(channel: AskChannel): void;
  /**
   * Whether some channel can answer this kind of ask in this conversation now and, with `audience`,
   * whether someone who may answer can be reached there.
   */
  canAnswer(kind: AskKind, conversationId: string, audience?: AskAudience): boolean;
  /**
   * Stores and presents a pending ask. Throws `no_channel` when no channel can answer it, `ask_pending`
   * when its physical conversation (rollover bucket stripped) already has a pending ask.
   */
  open(input: OpenAskInput): AskRecord;
  /**
   * Opens an ask like {@link AskBroker.open} and resolves once its channel has shown it. When the channel
   * fails to show it, the ask is cancelled (`channel_failed`) and this throws `channel_failed`.
   */
  openShown(input: OpenAskInput): Promise<AskRecord>;
  /** Resolves with the ask once it is settled, or as it is after `waitMs` (default: until settled). */
  wait(askId: string, options?: { waitMs?: number; signal?: AbortSignal }): Promise<AskRecord>;
  /** Opens an ask and waits for it to settle; an abort of `signal` cancels it (`run_ended`). */
  ask(input: OpenAskInput, signal?: AbortSignal): Promise<AskRecord>;
  /**
   * A person's answer, from any channel. Throws `ask_not_found`, `ask_not_pending`, `invalid_answer`, or
   * `not_an_answerer` when the ask's audience does not hold `answeredBy` (the ask stays pending).
   */
  answer(askId: string, answer: AskAnswer, answeredBy: AnsweredBy): AskRecord;
  /** Cancels a pending ask; a settled one is returned as it is. */
  cancel(askId: string, reason: AskCancelReason): AskRecord;
  /** Cancels every pending ask of a run (its end). */
  cancelRun(runId: string): void;
  /**
   * Settles every ask left pending by a stopped host as `cancelled` (`host_restarted`); returns them. With
   * `isOwnerAlive`, asks whose owner still runs (another process beside this one) are left alone.
   */
  cancelLeftPending(isOwnerAlive?: (owner: string) => boolean): AskRecord[];
  get(askId: string): AskRecord | undefined;
  /** Stops the timers; pending asks stay pending in the store (the next start cancels them). */
  close(): void;
}

/** Longest channel failure text carried into a `channel_failed` message, in characters (one line of a log). */
const CHANNEL_FAILURE_TEXT_MAX_CHARS = 200;

/** One bounded line saying why a channel failed: control and bidi characters removed. */
function describeChannelFailure(failure: unknown): string {
  const text = failure instanceof Error ? failure.message : String(failure);
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]+/g, " ").trim();
  return line.length > CHANNEL_FAILURE_TEXT_MAX_CHARS
    ? `${line.slice(0, CHANNEL_FAILURE_TEXT_MAX_CHARS)}…`
    : line || "no reason given";
}

const systemClock: BrokerClock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Creates the broker over a store. */
export function createAskBroker(options: AskBrokerOptions): AskBroker {
  const { store } = options;
  const clock = options.clock ?? systemClock;
  const channels = new Map<string, AskChannel>();
  for (const channel of options.channels ?? []) channels.set(channel.id, channel);
  const timers = new Map<string, unknown>();
  const waiters = new Map<string, Set<(ask: AskRecord) => void>>();
  let pollTimer: unknown;
  /** Settles here what another host settled in the shared store, for every ask someone waits on. */
  const pollSettled = () => {
    for (const askId of [...waiters.keys()]) {
      let ask: AskRecord | undefined;
      try {
        ask = store.get(askId);
      } catch {
        continue; // The store is unreachable for now: the next poll reads again.
      }
      if (ask !== undefined && ask.status !== "pending") settled(ask);
    }
  };
  const schedulePoll = () => {
    if (options.pollSettledMs === undefined || pollTimer !== undefined || waiters.size === 0) return;
    pollTimer = clock.setTimeout(() => {
      pollTimer = undefined;
      pollSettled();
      schedulePoll();
    }, options.pollSettledMs);
  };
  const channelOf = (conversationId: string) => channels.get(conversationChannel(conversationId) ?? "");
  const notify = (ask: AskRecord) => {
    try {
      options.onChange?.(ask);
    } catch {
      // An observer never breaks the state machine.
    }
  };
  /** Shows a change on the ask's channel; resolves with the channel's failure, if any (it never rejects). */
  const show = (ask: AskRecord, step: "present" | "update" | "cancel"): Promise<unknown> => {
    const channel = channelOf(ask.conversationId);
    if (channel === undefined) return Promise.resolve(undefined);
    return Promise.resolve()
      .then(() => channel[step](ask))
      .then(
        () => undefined,
        (error: unknown) => {
          if (step === "present") cancel(ask.askId, "channel_failed");
          return error ?? new Error("the channel failed");
        },
      );
  };
  const settled = (ask: AskRecord) => {
    const timer = timers.get(ask.askId);
    if (timer !== undefined) clock.clearTimeout(timer);
    timers.delete(ask.askId);
    notify(ask);
    show(ask, ask.status === "cancelled" ? "cancel" : "update");
    const list = waiters.get(ask.askId);
    waiters.delete(ask.askId);
    for (const resolve of list ?? []) resolve(ask);
  };
  const expire = (askId: string) => {
    const ask = store.get(askId);
    if (ask?.status !== "pending" || ask.expiresAt === null) return;
    const left = ask.expiresAt - clock.now();
    if (left > 0) {
      arm(ask);
      return;
    }
    const after = store.settle(askId, { status: "expired", settledAt: clock.now() });
    if (after) settled(after);
  };
  const arm = (ask: AskRecord) => {
    if (ask.expiresAt === null) return;
    const left = Math.max(0, Math.min(MAX_TIMER_MS, ask.expiresAt - clock.now()));
    timers.set(
      ask.askId,
      clock.setTimeout(() => expire(ask.askId), left),
    );
  };
  const mustGet = (askId: string) => {
    const ask = store.get(askId);
    if (ask === undefined) throw new InteractionError("ask_not_found", `No ask ${JSON.stringify(askId)}.`);
    return ask;
  };
  const cancel = (askId: string, reason: AskCancelReason): AskRecord => {
    const after = store.settle(askId, { status: "cancelled", settledAt: clock.now(), cancelReason: reason });
    if (after === undefined) return mustGet(askId);
    settled(after);
    return after;
  };
  const canAnswer = (kind: AskKind, conversationId: string, audience?: AskAudience) =>
    channelOf(conversationId)?.canAnswer(kind, conversationId) === true &&
    audienceReaches(audience, conversationChannel(conversationId) ?? "");
  const openAndShow = (input: OpenAskInput): { ask: AskRecord; shown: Promise<unknown> } => {
    if (!canAnswer(input.kind, input.conversationId))
      throw new InteractionError(
        "no_channel",
        `No one can answer here: conversation ${JSON.stringify(input.conversationId)} has no channel that can answer a ${input.kind} ask.`,
      );
    if (!canAnswer(input.kind, input.conversationId, input.audience))
      throw new InteractionError(
        "no_channel",
        `No one who may answer can be reached here: conversation ${JSON.stringify(input.conversationId)} reaches neither the person who started the run nor a configured approver (interaction.answerers).`,
      );
    const now = clock.now();
    const ask: AskRecord = {
      askId: randomUUID(),
      kind: input.kind,
      runId: input.runId,
      conversationId: input.conversationId,
      status: "pending",
      prompt: input.prompt,
      createdAt: now,
      expiresAt: input.timeoutMs === null ? null : now + Math.max(0, input.timeoutMs),
      audience: input.audience,
      ...(options.owner !== undefined ? { owner: options.owner } : {}),
    };
    const result = store.insertIfNoPending(ask, logicalConversationId(input.conversationId));
    if (!result.inserted)
      throw new InteractionError(
        "ask_pending",
        `The conversation already has a pending ask (${result.pending.askId}); answer or cancel it first.`,
      );
    arm(ask);
    notify(ask);
    return { ask, shown: show(ask, "present") };
  };
  const open = (input: OpenAskInput): AskRecord => openAndShow(input).ask;
  const openShown = async (input: OpenAskInput): Promise<AskRecord> => {
    const { ask, shown } = openAndShow(input);
    const failure = await shown;
    if (failure !== undefined)
      throw new InteractionError(
        "channel_failed",
        `The ${conversationChannel(ask.conversationId) ?? "conversation's"} channel could not show the ask (${describeChannelFailure(failure)}); it is cancelled.`,
        { cause: failure },
      );
    return store.get(ask.askId) ?? ask;
  };
  const wait = (askId: string, waitOptions: { waitMs?: number; signal?: AbortSignal } = {}) => {
    const ask = mustGet(askId);
    if (ask.status !== "pending") return Promise.resolve(ask);
    return new Promise<AskRecord>((resolve) => {
      let timer: unknown;
      const done = (value: AskRecord) => {
        if (timer !== undefined) clock.clearTimeout(timer);
        waitOptions.signal?.removeEventListener("abort", onAbort);
        const set = waiters.get(askId);
        set?.delete(done);
        if (set?.size === 0) waiters.delete(askId);
        resolve(value);
      };
      // Read again when the wait ends; a store closed or failing meanwhile answers the last known state
      // instead of throwing inside a timer or an abort listener.
      const current = () => {
        try {
          return store.get(askId) ?? ask;
        } catch {
          return ask;
        }
      };
      const onAbort = () => done(current());
      const list = waiters.get(askId) ?? new Set();
      waiters.set(askId, list);
      list.add(done);
      schedulePoll();
      if (waitOptions.waitMs !== undefined)
        timer = clock.setTimeout(() => done(current()), waitOptions.waitMs);
      waitOptions.signal?.addEventListener("abort", onAbort, { once: true });
    });
  };
  return {
    addChannel: (channel) => void channels.set(channel.id, channel),
    canAnswer,
    open,
    openShown,
    wait,
    async ask(input, signal) {
      if (signal?.aborted)
        throw new InteractionError("ask_not_pending", "The run ended before the ask was opened.");
      const ask = open(input);
      const onAbort = () => cancel(ask.askId, "run_ended");
      signal?.addEventListener("abort", onAbort, { once: true });
      try {
        return await wait(ask.askId);
      } finally {
        signal?.removeEventListener("abort", onAbort);
      }
    },
    answer(askId, answer, answeredBy) {
      const ask = mustGet(askId);
      if (ask.status !== "pending")
        throw new InteractionError(
          "ask_not_pending",
          `The ask is already ${ask.status}; it takes no answer.`,
        );
      if (!mayAnswer(ask.audience, answeredBy))
        throw new InteractionError("not_an_answerer", refusalReason(ask.audience as AskAudience, ask.kind));
      checkAnswer(ask.prompt, answer);
      const after = store.settle(askId, { status: "answered", settledAt: clock.now(), answer, answeredBy });
      if (after === undefined) {
        const now = mustGet(askId);
        throw new InteractionError(
          "ask_not_pending",
          `The ask is already ${now.status}; it takes no answer.`,
        );
      }
      settled(after);
      return after;
    },
    cancel,
    cancelRun(runId) {
      for (const ask of store.listPending()) if (ask.runId === runId) cancel(ask.askId, "run_ended");
    },
    cancelLeftPending(isOwnerAlive) {
      const cancelled: AskRecord[] = [];
      for (const ask of store.listPending()) {
        if (timers.has(ask.askId)) continue;
        if (ask.owner !== undefined && ask.owner !== options.owner && isOwnerAlive?.(ask.owner) === true)
          continue;
        const after = store.settle(ask.askId, {
          status: "cancelled",
          settledAt: clock.now(),
          cancelReason: "host_restarted",
        });
        if (after) {
          cancelled.push(after);
          notify(after);
        }
      }
      return cancelled;
    },
    get: (askId) => store.get(askId),
    close() {
      for (const timer of timers.values()) clock.clearTimeout(timer);
      timers.clear();
      if (pollTimer !== undefined) clock.clearTimeout(pollTimer);
      pollTimer = undefined;
    },
  };
}
