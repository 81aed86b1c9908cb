import type { TerminalState } from "./terminal-state.js";

/** A terminal state with the failure kind and a short detail code when it is not `success`. */
export interface ToolOutcome {
  readonly state: TerminalState;
  readonly failureKind?: string;
  readonly detailCode?: string;
}

const RULES: readonly { pattern: RegExp; state: TerminalState; detailCode: string }[] = [
  { pattern: /\b(timed out|time limit|timeout)\b/i, state: "timeout", detailCode: "tool_timeout" },
  {
    pattern: /\b(was cancelled|was aborted|aborted|cancelled)\b/i,
    state: "cancelled",
    detailCode: "tool_cancelled",
  },
  {
    pattern: /\b(killed by signal|terminated by signal|signal SIG[A-Z]+|SIG(KILL|TERM|INT|HUP|SEGV|ABRT))\b/,
    state: "signal",
    detailCode: "process_signal",
  },
  {
    pattern: /\b(exit(ed)? (with )?(code|status) [1-9]\d*|exit code [1-9]\d*|non-zero exit)\b/i,
    state: "exit_nonzero",
    detailCode: "process_exit_nonzero",
  },
  {
    pattern: /\b(blocked|not allowed|refused|denied|rejected)\b/i,
    state: "rejected",
    detailCode: "tool_rejected",
  },
];

/**
 * Classifies how a call ended from pi's `isError` flag and the result text (pi carries a thrown error as
 * text only): timeout, cancellation, signal, non-zero exit and refusal wording map to their states;
 * any other error is `error`. A call that ended while its run was aborted is `cancelled`.
 */
export function classifyToolOutcome(input: {
  isError: boolean;
  text: string;
  aborted: boolean;
}): ToolOutcome {
  if (!input.isError) return { state: "success" };
  if (input.aborted) return { state: "cancelled", failureKind: "cancelled", detailCode: "run_aborted" };
  const head = input.text.slice(0, 2_000);
  for (const rule of RULES) {
    if (rule.pattern.test(head))
      return { state: rule.state, failureKind: rule.state, detailCode: rule.detailCode };
  }
  return { state: "error", failureKind: "error", detailCode: "tool_error" };
}
