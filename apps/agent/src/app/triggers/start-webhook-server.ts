import { type EnvRecord, resolveEnvReference, WEBHOOK_SECRET_MIN_CHARS } from "@mono-agent/config";
import {
  bearerToken,
  exactHost,
  HttpKitError,
  jsonError,
  loopbackHostNames,
  noStoreHeaders,
  readBodyText,
} from "@mono-agent/http-kit";
import { type HttpServer, startHttpServer } from "@mono-agent/http-kit/node";
import { bearerMatches, verifyWebhookSignature } from "@mono-agent/triggers";
import { Hono } from "hono";
import type { MonoAgentApp } from "../start-mono-agent-app.js";
import type { DeclaredTrigger } from "./declared-triggers.js";
import { runTrigger, type StartTriggerThread, type TriggerRunOutcome } from "./run-trigger.js";

/**
 * Webhook runs in progress at once, over all webhooks; one more is answered 429 `webhooks_busy` (with
 * Retry-After): a burst of deliveries must not start a model run each. Four is what a 2-core host runs.
 */
export const WEBHOOK_RUNS_IN_FLIGHT_MAX = 4;

/** Seconds a 429 asks the sender to wait (Retry-After): the length of a short run. */
export const WEBHOOK_RETRY_AFTER_SECONDS = 30;

/** Path of a webhook trigger's route. */
export function webhookPath(name: string): string {
  return `/hooks/${name}`;
}

/** A webhook's secrets as resolved from the host env, or why the route cannot run. */
interface WebhookRoute {
  trigger: DeclaredTrigger;
  bearer?: string;
  signatureSecret?: string;
  signatureHeader?: string;
  /** Set when a secret is missing or too short: the route answers 503 and runs nothing. */
  problem?: string;
}

/** The webhook's secrets from `env`, with the problem of a missing or short one (validate shows it too). */
export function resolveWebhookSecrets(trigger: DeclaredTrigger, env: EnvRecord): WebhookRoute {
  const webhook = trigger.webhook;
  if (webhook === undefined) return { trigger, problem: "not a webhook" };
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
  return {
    trigger,
    ...(bearer !== undefined ? { bearer } : {}),
    ...(signatureSecret !== undefined ? { signatureSecret, signatureHeader: webhook.signature?.header } : {}),
    ...(problems.length > 0 ? { problem: problems.join("; ") } : {}),
  };
}

/** Options of {@link startWebhookServer}. */
export interface StartWebhookServerOptions {
  app: MonoAgentApp;
  triggers: readonly DeclaredTrigger[];
  env: EnvRecord;
  host: string;
  port: number;
  /** Answer any Host header (a non-loopback bind, `triggers.webhookServer.exposed`). */
  exposed: boolean;
  startTriggerThread?: StartTriggerThread;
  /** The clock of the rate limit and the delivery ids; default the system clock. */
  now?: () => Date;
  /** Each accepted call's run, once settled. */
  onRun?: (outcome: TriggerRunOutcome | { trigger: string; error: string }) => void;
}

/** A listening webhook server. */
export interface WebhookServer {
  readonly server: HttpServer;
  /** `<origin>/hooks/<name>` of each enabled webhook. */
  urls(): { trigger: string; url: string; problem?: string }[];
  /** Stops listening and waits for runs in progress. */
  close(): Promise<void>;
}

/**
 * Serves `POST /hooks/<name>` for every enabled webhook trigger, on the shared HTTP kit: exact loopback
 * Host unless exposed, `no-store` answers, JSON errors. A call is checked in this order, each failure
 * changing nothing: unknown route 404; secrets not configured 503; wrong or missing bearer 401; body over
 * `maxBodyBytes` 413; bad or missing signature 401; too many runs in progress 429. Then exactly one run
 * starts (answered 202 at once, before the run ends), its prompt carrying the body as untrusted input.
 */
export async function startWebhookServer(options: StartWebhookServerOptions): Promise<WebhookServer> {
  const routes = new Map(
    options.triggers
      .filter((trigger) => trigger.kind === "webhook" && trigger.enabled)
      .map((trigger) => [trigger.name, resolveWebhookSecrets(trigger, options.env)] as const),
  );
  const inFlight = new Set<Promise<unknown>>();
  let server: HttpServer | undefined;
  const app = new Hono();
  app.use(noStoreHeaders());
  if (!options.exposed)
    app.use(
      exactHost({
        allowed: () => loopbackHostNames(server?.port ?? 0, options.host),
        message: "the webhook server answers only on its loopback address: use the URL serve printed",
      }),
    );
  app.all("/hooks/:name", async (c) => {
    const route = routes.get(c.req.param("name"));
    if (route === undefined) return jsonError(c, 404, "not_found", "no webhook trigger has this path");
    if (c.req.method !== "POST")
      return jsonError(c, 405, "method_not_allowed", "send the webhook as POST", { allow: "POST" });
    if (route.problem !== undefined)
      return jsonError(c, 503, "webhook_not_configured", `this webhook cannot run: ${route.problem}`);
    if (
      route.bearer !== undefined &&
      !(await bearerMatches(bearerToken(c.req.header("authorization")), route.bearer))
    )
      return jsonError(
        c,
        401,
        "invalid_bearer",
        'send "Authorization: Bearer <token>" with the webhook\'s token',
      );
    let body: string;
    try {
      body = await readBodyText(c.req.raw, { maxBytes: route.trigger.webhook?.maxBodyBytes ?? 0 });
    } catch (error) {
      if (HttpKitError.isInstance(error) && error.code === "body_too_large")
        return jsonError(c, 413, "body_too_large", error.message);
      return jsonError(c, 400, "body_aborted", "the request body could not be read; send it again");
    }
    if (
      route.signatureSecret !== undefined &&
      !(await verifyWebhookSignature(body, c.req.header(route.signatureHeader ?? ""), route.signatureSecret))
    )
      return jsonError(
        c,
        401,
        "invalid_signature",
        `send "${route.signatureHeader}: sha256=<hex HMAC-SHA256 of the exact body under the shared secret>"`,
      );
    if (inFlight.size >= WEBHOOK_RUNS_IN_FLIGHT_MAX)
      return jsonError(
        c,
        429,
        "webhooks_busy",
        `${WEBHOOK_RUNS_IN_FLIGHT_MAX} webhook runs are in progress; send it again later`,
        { "retry-after": String(WEBHOOK_RETRY_AFTER_SECONDS) },
      );
    const run = runTrigger({
      app: options.app,
      trigger: route.trigger,
      webhookBody: body,
      ...(options.startTriggerThread ? { startTriggerThread: options.startTriggerThread } : {}),
    }).then(
      (outcome) => options.onRun?.(outcome),
      (error: unknown) =>
        options.onRun?.({
          trigger: route.trigger.name,
          error: error instanceof Error ? error.message : String(error),
        }),
    );
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
    return c.json({ accepted: true, trigger: route.trigger.name }, 202);
  });
  app.notFound((c) => jsonError(c, 404, "not_found", "no webhook trigger has this path"));
  server = await startHttpServer({ fetch: app.fetch, host: options.host, port: options.port });
  const listening = server;
  return {
    server: listening,
    urls: () =>
      [...routes.values()].map((route) => ({
        trigger: route.trigger.name,
        url: `${listening.origin}${webhookPath(route.trigger.name)}`,
        ...(route.problem !== undefined ? { problem: route.problem } : {}),
      })),
    async close() {
      await listening.close();
      await Promise.allSettled([...inFlight]);
    },
  };
}
