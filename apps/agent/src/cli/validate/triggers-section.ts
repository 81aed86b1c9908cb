import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { rolloverBucketAt } from "@mono-agent/ids";
import { hostTimeZone } from "../../app/conversations/rollover-conversation.js";
import { isLoopbackHost } from "../serve/loopback-host.js";
import { type CheckLine, type CheckSection, section } from "./validate-report.js";

/**
 * The sessions-and-triggers section of `mono-agent validate`: the daily rollover (zone and today's
 * bucket), then each trigger: next fire time or webhook URL, destination, isolation, and what keeps it
 * from running (a bad expression, a missing or short secret, a non-loopback webhook server not exposed).
 */
export async function triggersSection(
  loaded: LoadedConfig | undefined,
  env: EnvRecord,
  now = new Date(),
): Promise<CheckSection> {
  if (!loaded)
    return section("triggers", "Sessions & triggers", [
      { status: "disabled", message: "Sessions and triggers cannot be checked until the config loads." },
    ]);
  const session = loaded.config.runtime.session;
  // The host zone (Intl's first use costs tens of ms) is looked up only when a rollover needs it.
  const zone = session.rollover === "daily" ? (session.rolloverTimezone ?? hostTimeZone()) : "";
  const lines: CheckLine[] = [
    session.rollover === "daily"
      ? {
          status: "ok",
          message: `Daily rollover: conversation ids (except web:) get #YYYY-MM-DD of the request's start in ${zone}; today is #${rolloverBucketAt(now, zone)}.`,
        }
      : {
          status: "ok",
          message: 'No daily rollover (runtime.session.rollover "none"): conversation ids are used as given.',
        },
  ];
  // The triggers code (croner, the webhook server's module) loads only when a trigger is declared.
  const views = declaresTriggers(loaded)
    ? (await import("../triggers/describe-triggers.js")).describeTriggers(loaded, env, now)
    : [];
  if (views.length === 0) {
    lines.push({
      status: "disabled",
      message: "No triggers declared (triggers.schedules, triggers.webhooks).",
    });
    return section("triggers", "Sessions & triggers", lines);
  }
  const server = loaded.config.triggers?.webhookServer;
  if (
    server &&
    views.some((view) => view.kind === "webhook") &&
    !isLoopbackHost(server.host) &&
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
  return section("triggers", "Sessions & triggers", lines);
}

/** Whether the config declares any schedule or webhook trigger. */
function declaresTriggers(loaded: LoadedConfig): boolean {
  const triggers = loaded.config.triggers;
  return (
    triggers !== undefined &&
    (Object.keys(triggers.schedules).length > 0 || Object.keys(triggers.webhooks).length > 0)
  );
}
