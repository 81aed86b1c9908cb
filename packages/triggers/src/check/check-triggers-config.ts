import type { CheckLine, LoadedConfig } from "@mono-agent/config";
import { rolloverBucketAt } from "@mono-agent/ids";

/** One declared trigger as the host describes it (what `mono-agent triggers list` shows). */
export interface TriggerCheckView {
  name: string;
  kind: "schedule" | "webhook";
  enabled: boolean;
  /** `"0 9 * * 1-5" in Europe/Berlin` or `POST http://127.0.0.1:4318/hooks/deploy`. */
  when: string;
  /** ISO time of the next fire (schedules). */
  nextAt?: string;
  /** Where the answer goes. */
  destination: string;
  isolated: boolean;
  /** Webhooks: how repeats and floods are held back. */
  guards?: string;
  /** Why it cannot run as configured (bad expression, missing secret), with the config path. */
  problem?: { message: string; jsonPath: string };
}

/** What the host passes the triggers check. */
export interface TriggersCheckOptions {
  /** Every declared trigger, checked against the host env; called only when the config declares one. */
  describeTriggers: () => Promise<readonly TriggerCheckView[]>;
  /** Whether binding the webhook server to `host` keeps it on this machine. */
  isLoopbackHost: (host: string) => boolean;
  /** The host's time zone; asked only for a daily rollover without `runtime.session.rolloverTimezone`. */
  hostTimeZone: () => string;
  /** The instant today's rollover bucket is computed at; now by default. */
  now?: Date;
}

/**
 * The Sessions & triggers findings of `mono-agent validate`: the daily rollover (zone and today's bucket),
 * then each trigger: next fire time or webhook URL, destination, isolation, and what keeps it from running
 * (a bad expression, a missing or short secret, a non-loopback webhook server not exposed).
 */
export async function checkTriggersConfig(
  loaded: LoadedConfig,
  options: TriggersCheckOptions,
): Promise<CheckLine[]> {
  const session = loaded.config.runtime.session;
  // The host zone (Intl's first use costs tens of ms) is looked up only when a rollover needs it.
  const zone = session.rollover === "daily" ? (session.rolloverTimezone ?? options.hostTimeZone()) : "";
  const lines: CheckLine[] = [
    session.rollover === "daily"
      ? {
          status: "ok",
          message: `Daily rollover: conversation ids (except web:) get #YYYY-MM-DD of the request's start in ${zone}; today is #${rolloverBucketAt(options.now ?? new Date(), zone)}.`,
        }
      : {
          status: "ok",
          message: 'No daily rollover (runtime.session.rollover "none"): conversation ids are used as given.',
        },
  ];
  // The host's triggers code (croner, the webhook server's module) loads only when a trigger is declared.
  const views = declaresTriggers(loaded) ? await options.describeTriggers() : [];
  if (views.length === 0) {
    lines.push({
      status: "disabled",
      message: "No triggers declared (triggers.schedules, triggers.webhooks).",
    });
    return lines;
  }
  const server = loaded.config.triggers?.webhookServer;
  if (
    server &&
    views.some((view) => view.kind === "webhook") &&
    !options.isLoopbackHost(server.host) &&
    !server.exposed
  )
    lines.push({
      status: "error",
      code: "webhook_host_not_loopback",
      jsonPath: "triggers.webhookServer.host",
      message: `triggers.webhookServer.host ${server.host} is not a loopback address and exposed is not set: serve refuses to start.`,
      suggestion: "use 127.0.0.1 behind a reverse proxy, or set triggers.webhookServer.exposed to true",
    });
  for (const view of views) {
    const label = `${view.kind} ${view.name}`;
    if (!view.enabled) {
      lines.push({ status: "disabled", message: `${label}: disabled (enabled: false).` });
      continue;
    }
    if (view.problem) {
      lines.push({
        status: "error",
        code: view.kind === "webhook" ? "webhook_secret_missing" : "invalid_schedule",
        jsonPath: view.problem.jsonPath,
        message: `${label}: ${view.problem.message}.`,
        suggestion:
          view.kind === "webhook"
            ? "export the variable (or put it in .env) with at least 16 characters"
            : 'use five fields "minute hour day-of-month month day-of-week"',
      });
      continue;
    }
    const next = view.nextAt ? `, next ${view.nextAt}` : "";
    lines.push({
      status: "ok",
      message: `${label}: ${view.when}${next}; delivers to ${view.destination}${view.isolated ? ", isolated" : ", with the destination's history"}${view.guards ? `; ${view.guards}` : ""}.`,
    });
  }
  lines.push({
    status: "ok",
    message:
      "Schedules and webhooks run under `mono-agent serve` (one per folder); `mono-agent triggers run <name>` runs one now.",
  });
  return lines;
}

/** Whether the config declares any schedule or webhook trigger. */
function declaresTriggers(loaded: LoadedConfig): boolean {
  const triggers = loaded.config.triggers;
  return (
    triggers !== undefined &&
    (Object.keys(triggers.schedules).length > 0 || Object.keys(triggers.webhooks).length > 0)
  );
}
