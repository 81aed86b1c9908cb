import type {
  LoadedConfig,
  ScheduleTriggerConfig,
  TriggerDestination,
  WebhookTriggerConfig,
} from "@mono-agent/config";

/** A trigger of the config, with what every run of it shares. */
export interface DeclaredTrigger {
  kind: "schedule" | "webhook";
  name: string;
  /** The run's source: `cron` for a schedule, `webhook` for a webhook. */
  source: "cron" | "webhook";
  /** The trigger's own conversation, `cron:<name>` / `webhook:<name>`: where isolated runs run. */
  conversationId: string;
  prompt: string;
  model?: string;
  destination?: TriggerDestination;
  /** The trigger's `isolated`, else `runtime.session.isolateProactive`. */
  isolated: boolean;
  enabled: boolean;
  schedule?: ScheduleTriggerConfig;
  webhook?: WebhookTriggerConfig;
}

/** Every trigger of the config: schedules then webhooks, each in declaration order. */
export function declaredTriggers(loaded: LoadedConfig): DeclaredTrigger[] {
  const triggers = loaded.config.triggers;
  if (triggers === undefined) return [];
  const isolateProactive = loaded.config.runtime.session.isolateProactive;
  const common = (config: ScheduleTriggerConfig | WebhookTriggerConfig) => ({
    prompt: config.prompt,
    ...(config.model !== undefined ? { model: config.model } : {}),
    ...(config.destination !== undefined ? { destination: config.destination } : {}),
    isolated: config.isolated ?? isolateProactive,
    enabled: config.enabled,
  });
  return [
    ...Object.entries(triggers.schedules).map(
      ([name, schedule]): DeclaredTrigger => ({
        kind: "schedule",
        name,
        source: "cron",
        conversationId: `cron:${name}`,
        ...common(schedule),
        schedule,
      }),
    ),
    ...Object.entries(triggers.webhooks).map(
      ([name, webhook]): DeclaredTrigger => ({
        kind: "webhook",
        name,
        source: "webhook",
        conversationId: `webhook:${name}`,
        ...common(webhook),
        webhook,
      }),
    ),
  ];
}

/** The trigger named `name`, or undefined. */
export function findTrigger(loaded: LoadedConfig, name: string): DeclaredTrigger | undefined {
  return declaredTriggers(loaded).find((trigger) => trigger.name === name);
}
