import { type EnvRecord, resolveEnvReference, WEBHOOK_SECRET_MIN_CHARS } from "@mono-agent/config";
import type { WebhookRoute } from "../node/start-webhook-server.js";
import type { DeclaredTrigger } from "./declared-triggers.js";

/** A webhook trigger's route with its secrets resolved from the host env, or why it cannot run. */
export interface ResolvedWebhook extends WebhookRoute {
  trigger: DeclaredTrigger;
}

/** The webhook's secrets from `env`, with the problem of a missing or short one (validate shows it too). */
export function resolveWebhookSecrets(trigger: DeclaredTrigger, env: EnvRecord): ResolvedWebhook {
  const webhook = trigger.webhook;
  const base = {
    trigger,
    name: trigger.name,
    maxBodyBytes: webhook?.maxBodyBytes ?? 0,
    deliveryIdHeaders: webhook?.deliveryIdHeaders ?? [],
  };
  if (webhook === undefined) return { ...base, problem: "not a webhook" };
  const problems: string[] = [];
  const read = (reference: { $env: string } | undefined, what: string): string | undefined => {
    if (reference === undefined) return undefined;
    const value = resolveEnvReference(reference, env);
    if (value === undefined) problems.push(`${what} variable ${reference.$env} is not set`);
    else if (value.length < WEBHOOK_SECRET_MIN_CHARS)
      problems.push(
        `${what} variable ${reference.$env} holds fewer than ${WEBHOOK_SECRET_MIN_CHARS} characters`,
      );
    else return value;
    return undefined;
  };
  const bearer = read(webhook.bearer, "the bearer");
  const signatureSecret = read(webhook.signature?.secret, "the signing secret");
  const signatureHeader = webhook.signature?.header;
  return {
    ...base,
    ...(bearer !== undefined ? { bearer } : {}),
    ...(signatureSecret !== undefined ? { signatureSecret } : {}),
    ...(signatureSecret !== undefined && signatureHeader !== undefined ? { signatureHeader } : {}),
    ...(signatureSecret !== undefined && webhook.signature?.timestampHeader !== undefined
      ? { signatureTimestampHeader: webhook.signature.timestampHeader }
      : {}),
    ...(problems.length > 0 ? { problem: problems.join("; ") } : {}),
  };
}
