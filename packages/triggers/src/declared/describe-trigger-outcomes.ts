import type { WebhookRunSettled } from "../node/start-webhook-server.js";
import type { DeclaredSchedulerEvent } from "./declared-trigger-scheduler.js";
import type { TriggerView } from "./describe-triggers.js";
import type { TriggerRunOutcome } from "./run-trigger.js";

/** The columns of the `triggers list` table, in order; {@link triggerTableRow} fills one row. */
export const TRIGGER_TABLE_HEADER: readonly string[] = [
  "TRIGGER",
  "KIND",
  "WHEN",
  "NEXT",
  "DESTINATION",
  "ISOLATED",
  "PROBLEM",
];

/** One trigger as a row of the `triggers list` table (see {@link TRIGGER_TABLE_HEADER}). */
export function triggerTableRow(view: TriggerView): string[] {
  return [
    view.name,
    view.enabled ? view.kind : `${view.kind} (disabled)`,
    view.when,
    view.nextAt ?? "-",
    view.destination,
    view.isolated ? "yes" : "no",
    view.problem?.message ?? "-",
  ];
}

/** The line a host prints about one event of the declared scheduler (a run, a skip or a failure). */
export function describeSchedulerEvent(event: DeclaredSchedulerEvent): string {
  const at = event.fireAt.toISOString();
  if (event.type === "skipped")
    return `trigger ${event.trigger}: skipped the fire time ${at} (${event.missed} missed, catch-up "skip")`;
  if (event.type === "failed") return `trigger ${event.trigger}: the run of ${at} failed: ${event.message}`;
  const missed = event.missed > 0 ? ` (${event.missed} earlier fire time(s) missed, caught up once)` : "";
  return `trigger ${event.trigger}: ran ${event.outcome.runId} for ${at}${missed}: ${event.outcome.status}, delivered to ${event.outcome.deliveredTo}`;
}

/** The line a host prints about one settled run of a declared webhook. */
export function describeWebhookRun(settled: WebhookRunSettled<TriggerRunOutcome>): string {
  return "error" in settled
    ? `webhook ${settled.trigger}: the run failed: ${settled.error}`
    : `webhook ${settled.trigger}: ran ${settled.runId}: ${settled.status}, delivered to ${settled.deliveredTo}`;
}

/**
 * The text a host prints after running one trigger by hand: the answer (when there is one), a blank
 * line, then one line naming the run, where it ran and where its answer went. Ends with a newline.
 */
export function describeTriggerRun(outcome: TriggerRunOutcome): string {
  const answer = outcome.finalText === "" ? "" : `${outcome.finalText}\n\n`;
  const error = outcome.error ? `: ${outcome.error.message}` : "";
  return `${answer}trigger ${outcome.trigger} (${outcome.source}): run ${outcome.runId} ${outcome.status} in ${outcome.conversationId}, delivered to ${outcome.deliveredTo}${error}\n`;
}
