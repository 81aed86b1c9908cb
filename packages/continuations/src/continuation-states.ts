import { ContinuationError } from "./continuation-error.js";

/** The ten states of a continuation record (reference §7.3). */
export const CONTINUATION_STATES = [
  "claimed",
  "result_received",
  "synthesizing",
  "ready_to_deliver",
  "delivery_retry",
  "delivered",
  "delivery_unknown",
  "expired",
  "cancelled",
  "dead_lettered",
] as const;
export type ContinuationState = (typeof CONTINUATION_STATES)[number];

/** States a record never leaves on its own (an operator may still retry or resolve some). */
export const TERMINAL_STATES: readonly ContinuationState[] = [
  "delivered",
  "delivery_unknown",
  "expired",
  "cancelled",
  "dead_lettered",
];

/** States that count against the admission limits. */
export const ACTIVE_STATES: readonly ContinuationState[] = CONTINUATION_STATES.filter(
  (state) => !TERMINAL_STATES.includes(state),
);

/** Where a record's origin context stands (reference §7.3). */
export const ORIGIN_CONTEXT_STATES = [
  "pending",
  "pinned",
  "abandoned",
  "detached_latest",
  "legacy_missing",
  "scrubbed",
] as const;
export type OriginContextState = (typeof ORIGIN_CONTEXT_STATES)[number];

/** How a result reaches its destination. */
export const CONTINUATION_MODES = ["reply", "notify_if_actionable", "silent", "capture"] as const;
export type ContinuationMode = (typeof CONTINUATION_MODES)[number];

/**
 * Every allowed transition. The worker moves records forward; `retry`, `cancel` and `resolve` are
 * the operator's moves out of stuck or terminal states.
 */
export const CONTINUATION_TRANSITIONS: Readonly<Record<ContinuationState, readonly ContinuationState[]>> = {
  claimed: ["result_received", "expired", "cancelled"],
  result_received: ["synthesizing", "delivered", "cancelled", "dead_lettered"],
  synthesizing: ["ready_to_deliver", "delivered", "dead_lettered", "result_received"],
  ready_to_deliver: ["delivered", "delivery_retry", "delivery_unknown", "dead_lettered", "cancelled"],
  delivery_retry: [
    "ready_to_deliver",
    "delivered",
    "delivery_retry",
    "delivery_unknown",
    "dead_lettered",
    "cancelled",
  ],
  delivered: [],
  delivery_unknown: ["ready_to_deliver", "delivered", "dead_lettered"],
  expired: [],
  cancelled: [],
  dead_lettered: ["result_received", "ready_to_deliver"],
};

export function isContinuationState(value: unknown): value is ContinuationState {
  return CONTINUATION_STATES.includes(value as ContinuationState);
}

export function isTerminalState(state: ContinuationState): boolean {
  return TERMINAL_STATES.includes(state);
}

/** Throws `invalid_transition` unless `from → to` is in {@link CONTINUATION_TRANSITIONS}. */
export function assertTransition(from: ContinuationState, to: ContinuationState): void {
  if (!CONTINUATION_TRANSITIONS[from].includes(to)) {
    throw new ContinuationError(
      "invalid_transition",
      `a continuation in state ${from} cannot move to ${to}; from ${from} it may move to: ${CONTINUATION_TRANSITIONS[from].join(", ") || "nothing (terminal)"}`,
    );
  }
}
