/** Terminal states of a managed tool call: reference §5.1. */
export const TERMINAL_STATES = [
  "success",
  "rejected",
  "error",
  "exit_nonzero",
  "timeout",
  "signal",
  "cancelled",
  "interrupted",
] as const;

/** How a managed tool call ended. */
export type TerminalState = (typeof TERMINAL_STATES)[number];

/**
 * What a terminal state means for evidence: `completed` (the tool answered normally), `failed` (it
 * answered with or ended in a failure) or `incomplete` (it never finished: cancelled or interrupted).
 */
export type TerminalClassification = "completed" | "failed" | "incomplete";

/** True when `value` is one of {@link TERMINAL_STATES}. */
export function isTerminalState(value: unknown): value is TerminalState {
  return typeof value === "string" && (TERMINAL_STATES as readonly string[]).includes(value);
}

/** The {@link TerminalClassification} of a state. */
export function classifyTerminalState(state: TerminalState): TerminalClassification {
  if (state === "success") return "completed";
  if (state === "cancelled" || state === "interrupted") return "incomplete";
  return "failed";
}
