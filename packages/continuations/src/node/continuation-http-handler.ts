import { bearerToken, exactHost, jsonError, noStoreHeaders } from "@mono-agent/http-kit";
import { Hono } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import { CONTINUATION_HTTP_STATUS, ContinuationError } from "../continuation-error.js";
import { CLAIM_BODY_MAX_BYTES, RESULT_BODY_MAX_BYTES } from "../continuation-limits.js";
import { parseClaimBody, parseDetachedClaimBody, parseResultBody } from "../protocol-bodies.js";
import type { ClaimCapabilities } from "./claim-capabilities.js";
import {
  authorizeResultToken,
  claimContinuation,
  continuationStatus,
  type ProtocolContext,
  submitResult,
} from "./continuation-protocol.js";
import { claimDetachedContinuation, type DetachedServices, SERVICE_NAME_HEADER } from "./detached-claim.js";
import { OPERATOR_PATH_PREFIX, type OperatorRouteContext, operatorRoute } from "./operator-http-routes.js";
import { readJsonBody } from "./read-json-body.js";

/** What the HTTP handler needs besides the protocol context. */
export interface HttpHandlerContext extends ProtocolContext, OperatorRouteContext {
  capabilities: ClaimCapabilities;
  detachedServices: DetachedServices;
  /** The `Host` values the service answers (its loopback names and port); read per request. */
  allowedHosts(): ReadonlySet<string>;
  now(): number;
  isStopping(): boolean;
  /** Called after a result is accepted (wakes the worker). */
  onResult(): void;
}

const RESULT_PATH = /^\/v1\/continuations\/([0-9a-f-]{36})\/(result|status)$/;

function fail(code: ContinuationError["code"], message: string): never {
  throw new ContinuationError(code, message);
}

async function route(context: HttpHandlerContext, request: Request): Promise<[number, unknown]> {
  const url = new URL(request.url);
  const path = url.pathname;
  const method = request.method;
  const bearer = bearerToken(request.headers.get("authorization")) ?? "";
  if (path.startsWith(OPERATOR_PATH_PREFIX)) return operatorRoute(context, request, url, bearer);
  if (path === "/v1/continuations/detached/claim") {
    if (method !== "POST") fail("method_not_allowed", "use POST for /v1/continuations/detached/claim");
    const service = context.detachedServices.authorize(
      request.headers.get(SERVICE_NAME_HEADER) ?? undefined,
      bearer,
    );
    const body = parseDetachedClaimBody(await readJsonBody(request, CLAIM_BODY_MAX_BYTES), context.now());
    return [200, claimDetachedContinuation(context, service, body, context.now())];
  }
  if (path === "/v1/continuations/claim") {
    if (method !== "POST") fail("method_not_allowed", "use POST for /v1/continuations/claim");
    const invalid = () =>
      new ContinuationError(
        "invalid_claim_capability",
        "missing, unknown, expired or released claim capability",
      );
    const capability = bearer === "" ? undefined : context.capabilities.lookup(bearer, context.now());
    if (!capability) throw invalid();
    return context.capabilities.track(capability, async () => {
      const raw = await readJsonBody(request, CLAIM_BODY_MAX_BYTES);
      // Re-checked after the body: the originating request may have ended while it was read.
      if (!context.capabilities.lookup(bearer, context.now())) throw invalid();
      const body = parseClaimBody(raw, context.now());
      return [200, claimContinuation(context, capability, body, context.now())];
    });
  }
  const match = RESULT_PATH.exec(path);
  if (!match) fail("not_found", `no route ${method} ${path}`);
  const [, continuationId = "", action] = match;
  if (action === "status") {
    if (method !== "GET") fail("method_not_allowed", "use GET for the status URL");
    return [200, continuationStatus(authorizeResultToken(context, continuationId, bearer))];
  }
  if (method !== "PUT" && method !== "POST") fail("method_not_allowed", "use PUT or POST for the result URL");
  authorizeResultToken(context, continuationId, bearer);
  const body = parseResultBody(await readJsonBody(request, RESULT_BODY_MAX_BYTES));
  const accepted = submitResult(context, continuationId, body, context.now());
  if (accepted.replayed === undefined) context.onResult();
  return [202, accepted];
}

/**
 * The continuation service as a hono app (reference §7.2): every answer `no-store` and `nosniff`;
 * a `Host` that is not the service's loopback address is 421 `wrong_host`; while stopping, 503
 * `service_stopping`; errors as `{error:{code,message}}` with the status of their code, and anything
 * unexpected as 500 `internal_error` without its details.
 */
export function createContinuationApp(context: HttpHandlerContext): Hono {
  const app = new Hono();
  app.use(noStoreHeaders());
  app.use(
    exactHost({
      allowed: () => context.allowedHosts(),
      message:
        "the continuation service answers only on its loopback address: use the URL it gave (Host 127.0.0.1:<port>)",
    }),
  );
  app.all("*", async (c) => {
    if (context.isStopping())
      return jsonError(c, 503, "service_stopping", "the continuation service is stopping");
    const [status, body] = await route(context, c.req.raw);
    return c.json(body as object, status as ContentfulStatusCode);
  });
  app.onError((error, c) => {
    const known = ContinuationError.isInstance(error) ? CONTINUATION_HTTP_STATUS[error.code] : undefined;
    if (ContinuationError.isInstance(error) && known !== undefined)
      return jsonError(c, known as ContentfulStatusCode, error.code, error.message);
    return jsonError(c, 500, "internal_error", "the continuation service failed");
  });
  return app;
}
