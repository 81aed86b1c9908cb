export {
  type ResolvedWebhook,
  resolveWebhookSecrets,
} from "./declared/resolve-webhook-secrets.js";
export {
  type StartDeclaredWebhookServerOptions,
  startDeclaredWebhookServer,
} from "./node/start-declared-webhook-server.js";
export {
  type StartWebhookServerOptions,
  startWebhookServer,
  WEBHOOK_RETRY_AFTER_SECONDS,
  WEBHOOK_RUNS_IN_FLIGHT_MAX,
  type WebhookRoute,
  type WebhookRunSettled,
  type WebhookServer,
} from "./node/start-webhook-server.js";
