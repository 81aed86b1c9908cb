import {
  bearerToken,
  exactHost,
  HttpKitError,
  jsonError,
  loopbackHostNames,
  noStoreHeaders,
  readBodyBytes,
} from "@mono-agent/http-kit";
import { type HttpServer, startHttpServer } from "@mono-agent/http-kit/node";
import { Hono } from "hono";
import { bearerMatches, verifyWebhookSignature } from "../webhook-checks.js";
import { webhookDeliveryId } from "../webhook-delivery-id.js";
import type { WebhookDeliveryStore } from "../webhook-delivery-store.js";
import { webhookPath } from "../webhook-path.js";
import { createWebhookRunRate, WEBHOOK_RUNS_PER_MINUTE_MAX } from "../webhook-run-rate.js";
import { webhookTimestamp } from "../webhook-timestamp.js";

/**
 * Webhook runs in progress at once, over all webhooks; one more is answered 429 `webhooks_busy` (with
 * Retry-After): a burst of deliveries must not start a model run each. Four is what a 2-core host runs.
 */
export const WEBHOOK_RUNS_IN_FLIGHT_MAX = 4;

/** Seconds a 429 asks the sender to wait (Retry-After): the length of a short run. */
export const WEBHOOK_RETRY_AFTER_SECONDS = 30;

/** Strict UTF-8: a body that is not UTF-8 text is refused, never quoted with replacement characters. */
const utf8 = new TextDecoder("utf-8", { fatal: true });

/** One webhook route, its secrets already resolved by the host. */
export interface WebhookRoute {
  /** The trigger's name: the route is `POST /hooks/<name>`. */
  name: string;
  /** The bearer token a call must send; none: no bearer check. */
  bearer?: string;
  /** The HMAC-SHA256 secret of the body signature; none: no signature check. */
  signatureSecret?: string;
  /** The header carrying `sha256=<hex>`; required with `signatureSecret`. */
  signatureHeader?: string;
  /**
   * The header carrying the unix-seconds timestamp the signature covers (`<timestamp>.<body>` is
   * signed); a call whose timestamp is missing or more than 5 minutes off is refused. None: the
   * signature covers the body alone.
   */
  signatureTimestampHeader?: string;
  /** Largest body accepted, in bytes (413 above it). */
  maxBodyBytes: number;
  /** Headers a delivery id is read from, first present wins; none: no deduplication. */
  deliveryIdHeaders?: readonly string[];
  /** Set when a secret is missing or too short: the route answers 503 and runs nothing. */
  problem?: string;
}

/** A settled run as {@link StartWebhookServerOptions.onRun} sees it: the run's outcome or its error. */
export type WebhookRunSettled<Outcome> = Outcome | { trigger: string; error: string };

/** Options of {@link startWebhookServer}. */
export interface StartWebhookServerOptions<Outcome> {
  routes: readonly WebhookRoute[];
  /** Starts the run of an accepted call: the route's name and the body as UTF-8 text. */
  run: (name: string, body: string) => Promise<Outcome>;
  host: string;
  port: number;
  /** Answer any Host header (a non-loopback bind); otherwise only the exact loopback Host. */
  exposed: boolean;
  /** The clock of the rate limit and the delivery ids; default the system clock. */
  now?: () => Date;
  /** Where delivery ids are remembered; without it a retried delivery starts another run. */
  deliveries?: WebhookDeliveryStore;
  /** Runs one route may start a minute; default {@link WEBHOOK_RUNS_PER_MINUTE_MAX}. */
  runsPerMinute?: number;
  /** Each accepted call's run, once settled. */
  onRun?: (settled: WebhookRunSettled<Outcome>) => void;
}

/** A listening webhook server. */
export interface WebhookServer {
  readonly server: HttpServer;
  /** `<origin>/hooks/<name>` of each route, with its problem if it cannot run. */
  urls(): { trigger: string; url: string; problem?: string }[];
  /** Stops listening and waits for runs in progress. */
  close(): Promise<void>;
}

/**
 * Serves `POST /hooks/<name>` for every route, on the shared HTTP kit: exact loopback Host unless
 * exposed, `no-store` answers, JSON errors. A call is checked in this order, each failure changing
 * nothing: unknown route 404; not POST 405; secrets not configured 503; wrong or missing bearer 401; body
 * over `maxBodyBytes` 413; missing or stale signed timestamp 401; bad or missing signature 401 (over the
 * exact bytes); not UTF-8 400; malformed delivery id 400; too many runs in progress or too many this
 * minute 429. A delivery id, or a signature, seen within the window is answered 200 `duplicate: true`
 * and starts nothing (a replayed signed call is refused whatever delivery id it carries). Otherwise exactly one run starts (answered
 * 202 at once, before the run ends).
 */
export async function startWebhookServer<Outcome>(
  options: StartWebhookServerOptions<Outcome>,
): Promise<WebhookServer> {
  const routes = new Map(options.routes.map((route) => [route.name, route] as const));
  const inFlight = new Set<Promise<unknown>>();
  const now = options.now ?? (() => new Date());
  const perMinute = options.runsPerMinute ?? WEBHOOK_RUNS_PER_MINUTE_MAX;
  const rate = createWebhookRunRate(perMinute);
  let starting = 0;
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
    // One spelling per route: /hooks/%64eploy is not /hooks/deploy, so a proxy rule on the path holds.
    if (route === undefined || new URL(c.req.url).pathname !== webhookPath(route.name))
      return jsonError(c, 404, "not_found", "no webhook trigger has this path");
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
    let bytes: Uint8Array;
    try {
      bytes = await readBodyBytes(c.req.raw, { maxBytes: route.maxBodyBytes });
    } catch (error) {
      if (HttpKitError.isInstance(error) && error.code === "body_too_large")
        return jsonError(c, 413, "body_too_large", error.message);
      return jsonError(c, 400, "body_aborted", "the request body could not be read; send it again");
    }
    let signedTimestamp: string | undefined;
    if (route.signatureSecret !== undefined && route.signatureTimestampHeader !== undefined) {
      const stamp = webhookTimestamp(
        route.signatureTimestampHeader,
        c.req.header(route.signatureTimestampHeader),
        now(),
      );
      if ("problem" in stamp) return jsonError(c, 401, "invalid_timestamp", stamp.problem);
      signedTimestamp = stamp.timestamp;
    }
    const signature = c.req.header(route.signatureHeader ?? "");
    if (
      route.signatureSecret !== undefined &&
      !(await verifyWebhookSignature(bytes, signature, route.signatureSecret, signedTimestamp))
    )
      return jsonError(
        c,
        401,
        "invalid_signature",
        signedTimestamp === undefined
          ? `send "${route.signatureHeader}: sha256=<hex HMAC-SHA256 of the exact body under the shared secret>"`
          : `send "${route.signatureHeader}: sha256=<hex HMAC-SHA256 of "<timestamp>.<exact body>" under the shared secret>"`,
      );
    // A valid signature names one signed call: seen again within the window, it is a replay (whatever
    // delivery id header came with it, since those headers are not signed).
    const signatureKey =
      route.signatureSecret !== undefined && signature !== undefined
        ? `signature:${signature.trim().slice("sha256=".length).toLowerCase()}`
        : undefined;
    let body: string;
    try {
      body = utf8.decode(bytes);
    } catch {
      return jsonError(c, 400, "body_not_utf8", "the body is not UTF-8 text; send it as UTF-8");
    }
    const delivery = webhookDeliveryId(c.req.raw.headers, route.deliveryIdHeaders ?? []);
    if (delivery !== undefined && "problem" in delivery)
      return jsonError(c, 400, "invalid_delivery_id", delivery.problem);
    const name = route.name;
    const at = now();
    if (inFlight.size + starting >= WEBHOOK_RUNS_IN_FLIGHT_MAX)
      return jsonError(
        c,
        429,
        "webhooks_busy",
        `${WEBHOOK_RUNS_IN_FLIGHT_MAX} webhook runs are in progress; send it again later`,
        { "retry-after": String(WEBHOOK_RETRY_AFTER_SECONDS) },
      );
    const wait = rate.waitSeconds(name, at);
    if (wait > 0)
      return jsonError(
        c,
        429,
        "webhook_rate_limited",
        `webhook ${name} started ${perMinute} runs in the last minute; send it again in ${wait} s`,
        { "retry-after": String(wait) },
      );
    // Held while the delivery id is checked, so calls racing past the bounds cannot overshoot them.
    const giveBack = rate.take(name, at);
    starting += 1;
    try {
      const keys = [
        ...(delivery !== undefined ? [delivery.deliveryId] : []),
        ...(signatureKey !== undefined ? [signatureKey] : []),
      ];
      const deliveries = options.deliveries;
      if (deliveries !== undefined)
        for (const key of keys) {
          let recorded: Awaited<ReturnType<WebhookDeliveryStore["record"]>>;
          try {
            recorded = await deliveries.record(name, key, at);
          } catch {
            giveBack();
            return jsonError(
              c,
              503,
              "delivery_store_failed",
              // Never the store's message: it names a host path, and the caller is outside.
              "the delivery id could not be checked; send it again later",
            );
          }
          if (recorded.duplicate) {
            giveBack();
            return c.json(
              {
                duplicate: true,
                trigger: name,
                ...(delivery !== undefined ? { deliveryId: delivery.deliveryId } : {}),
                ...(key === signatureKey ? { replayedSignature: true } : {}),
                firstSeenAt: recorded.firstSeenAt.toISOString(),
              },
              200,
            );
          }
        }
    } finally {
      starting -= 1;
    }
    const run = Promise.resolve()
      .then(() => options.run(name, body))
      .then(
        (outcome) => options.onRun?.(outcome),
        (error: unknown) =>
          options.onRun?.({ trigger: name, error: error instanceof Error ? error.message : String(error) }),
      );
    inFlight.add(run);
    void run.finally(() => inFlight.delete(run));
    return c.json(
      {
        accepted: true,
        trigger: name,
        ...(delivery !== undefined ? { deliveryId: delivery.deliveryId } : {}),
      },
      202,
    );
  });
  app.notFound((c) => jsonError(c, 404, "not_found", "no webhook trigger has this path"));
  app.onError((_error, c) =>
    jsonError(c, 500, "internal_error", "the webhook could not be handled; send it again"),
  );
  server = await startHttpServer({ fetch: app.fetch, host: options.host, port: options.port });
  const listening = server;
  return {
    server: listening,
    urls: () =>
      [...routes.values()].map((route) => ({
        trigger: route.name,
        url: `${listening.origin}${webhookPath(route.name)}`,
        ...(route.problem !== undefined ? { problem: route.problem } : {}),
      })),
    async close() {
      await listening.close();
      await Promise.allSettled([...inFlight]);
    },
  };
}
