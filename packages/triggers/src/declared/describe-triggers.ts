import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { parseCronSchedule } from "../cron-schedule.js";
import { TriggerError } from "../trigger-error.js";
import { WEBHOOK_DELIVERY_WINDOW_MS } from "../webhook-delivery-store.js";
import { webhookPath } from "../webhook-path.js";
import { WEBHOOK_RUNS_PER_MINUTE_MAX } from "../webhook-run-rate.js";
import { WEBHOOK_TIMESTAMP_TOLERANCE_MS } from "../webhook-timestamp.js";
import { type DeclaredTrigger, declaredTriggers } from "./declared-triggers.js";
import { resolveWebhookSecrets } from "./resolve-webhook-secrets.js";

/** The zone of this machine, for schedules that name none. */
function hostTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** One declared trigger as a host lists it (`triggers list`, `validate`). */
export interface TriggerView {
  name: string;
  kind: "schedule" | "webhook";
  enabled: boolean;
  /** `cron` / `webhook`. */
  source: string;
  /** `"0 9 * * 1-5" in Europe/Berlin` or `POST http://127.0.0.1:4318/hooks/deploy`. */
  when: string;
  /** ISO time of the next fire (schedules). */
  nextAt?: string;
  /** Where the answer goes. */
  destination: string;
  isolated: boolean;
  model?: string;
  /** Webhooks: how repeats and floods are held back (delivery id headers, window, rate). */
  guards?: string;
  /** Why it cannot run as configured (bad expression, missing secret), with the config path. */
  problem?: { message: string; jsonPath: string };
}

function destinationOf(trigger: DeclaredTrigger): string {
  const destination = trigger.destination;
  if (destination === undefined) return trigger.conversationId;
  return "webThread" in destination ? "a new web thread (serve only)" : destination.conversationId;
}

/** Every declared trigger, checked against the host env at `now`. */
export function describeTriggers(
  loaded: LoadedConfig,
  env: EnvRecord,
  now: Date = new Date(),
): TriggerView[] {
  const server = loaded.config.triggers?.webhookServer;
  const origin = server
    ? `http://${server.host.includes(":") ? `[${server.host}]` : server.host}:${server.port}`
    : "";
  return declaredTriggers(loaded).map((trigger) => {
    const base = {
      name: trigger.name,
      kind: trigger.kind,
      enabled: trigger.enabled,
      source: trigger.source,
      destination: destinationOf(trigger),
      isolated: trigger.isolated,
      ...(trigger.model !== undefined ? { model: trigger.model } : {}),
    };
    if (trigger.kind === "webhook") {
      const secrets = resolveWebhookSecrets(trigger, env);
      const headers = trigger.webhook?.deliveryIdHeaders ?? [];
      const repeats =
        headers.length > 0
          ? `a delivery id (${headers.join(", ")}) seen within ${WEBHOOK_DELIVERY_WINDOW_MS / 86_400_000} days starts no second run`
          : "no delivery id check (deliveryIdHeaders [])";
      return {
        ...base,
        when: `POST ${origin}${webhookPath(trigger.name)}`,
        guards: `${repeats}; at most ${WEBHOOK_RUNS_PER_MINUTE_MAX} runs a minute${replays(trigger)}`,
        ...(secrets.problem !== undefined
          ? { problem: { message: secrets.problem, jsonPath: `triggers.webhooks.${trigger.name}` } }
          : {}),
      };
    }
    const schedule = trigger.schedule as NonNullable<DeclaredTrigger["schedule"]>;
    const zone = schedule.timezone ?? hostTimeZone();
    const when = `${JSON.stringify(schedule.cron)} in ${zone}, catch-up ${schedule.catchUp}`;
    try {
      const nextAt = parseCronSchedule(schedule.cron, zone).nextAfter(now);
      return { ...base, when, ...(nextAt ? { nextAt: nextAt.toISOString() } : {}) };
    } catch (error) {
      if (!TriggerError.isInstance(error)) throw error;
      return {
        ...base,
        when,
        problem: { message: error.message, jsonPath: `triggers.schedules.${trigger.name}.cron` },
      };
    }
  });
}

/** What holds a signed webhook's replays back, for the guards line ("" without a signature). */
function replays(trigger: DeclaredTrigger): string {
  const signature = trigger.webhook?.signature;
  if (signature === undefined) return "; no signature, so a captured call can be replayed (bearer only)";
  const stamped =
    signature.timestampHeader !== undefined
      ? `; signed timestamps (${signature.timestampHeader}) older than ${WEBHOOK_TIMESTAMP_TOLERANCE_MS / 60_000} minutes are refused`
      : "";
  return `; a replayed signature within ${WEBHOOK_DELIVERY_WINDOW_MS / 86_400_000} days starts no run${stamped}`;
}
