import type { EnvRecord } from "@mono-agent/config";
import type { DeclaredTrigger } from "../declared/declared-triggers.js";
import { resolveWebhookSecrets } from "../declared/resolve-webhook-secrets.js";
import {
  runTrigger,
  type StartTriggerThread,
  type TriggerHost,
  type TriggerHostRunResult,
  type TriggerRunOutcome,
} from "../declared/run-trigger.js";
import type { WebhookDeliveryStore } from "../webhook-delivery-store.js";
import { startWebhookServer, type WebhookRunSettled, type WebhookServer } from "./start-webhook-server.js";

/** Options of {@link startDeclaredWebhookServer}. */
export interface StartDeclaredWebhookServerOptions<
  Event = unknown,
  Web = unknown,
  Result extends TriggerHostRunResult = TriggerHostRunResult,
> {
  app: TriggerHost<Event, Web, Result>;
  triggers: readonly DeclaredTrigger[];
  env: EnvRecord;
  host: string;
  port: number;
  /** Answer any Host header (a non-loopback bind, `triggers.webhookServer.exposed`). */
  exposed: boolean;
  startTriggerThread?: StartTriggerThread<Web, Result>;
  /** The clock of the rate limit and the delivery ids; default the system clock. */
  now?: () => Date;
  /** Where delivery ids are remembered; without it a retried delivery starts another run. */
  deliveries?: WebhookDeliveryStore;
  /** Runs one trigger may start a minute; default the package's `WEBHOOK_RUNS_PER_MINUTE_MAX`. */
  runsPerMinute?: number;
  /** Each accepted call's run, once settled. */
  onRun?: (outcome: WebhookRunSettled<TriggerRunOutcome>) => void;
}

/**
 * The package's webhook server ({@link startWebhookServer}) over every enabled webhook trigger: each
 * accepted call runs its trigger on `app`, the body quoted into the prompt as untrusted input.
 */
export function startDeclaredWebhookServer<Event, Web, Result extends TriggerHostRunResult>(
  options: StartDeclaredWebhookServerOptions<Event, Web, Result>,
): Promise<WebhookServer> {
  const routes = options.triggers
    .filter((trigger) => trigger.kind === "webhook" && trigger.enabled)
    .map((trigger) => resolveWebhookSecrets(trigger, options.env));
  const byName = new Map(routes.map((route) => [route.name, route.trigger] as const));
  const { app, startTriggerThread, triggers: _triggers, env: _env, ...server } = options;
  return startWebhookServer<TriggerRunOutcome>({
    ...server,
    routes,
    run: (name, webhookBody) =>
      runTrigger({
        app,
        trigger: byName.get(name) as DeclaredTrigger,
        webhookBody,
        ...(startTriggerThread ? { startTriggerThread } : {}),
      }),
  });
}
