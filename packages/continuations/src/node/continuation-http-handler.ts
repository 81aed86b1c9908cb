import type { IncomingMessage, ServerResponse } from "node:http";
import { CONTINUATION_HTTP_STATUS, ContinuationError } from "../continuation-error.js";
import { CLAIM_BODY_MAX_BYTES, RESULT_BODY_MAX_BYTES } from "../continuation-limits.js";
import { parseClaimBody, parseDetachedClaimBody, parseResultBody } from "../protocol-bodies.js";
import type { ClaimCapabilities } from "./claim-capabilities.js";
import { claimDetachedContinuation, type DetachedServices, SERVICE_NAME_HEADER } from "./detached-claim.js";
import { OPERATOR_PATH_PREFIX, type OperatorRouteContext, operatorRoute } from "./operator-http-routes.js";
import {
  authorizeResultToken,
  claimContinuation,
  continuationStatus,
  type ProtocolContext,
  submitResult,
} from "./continuation-protocol.js";
import { readJsonBody } from "./read-json-body.js";

/** What the HTTP handler needs besides the protocol context. */
export interface HttpHandlerContext extends ProtocolContext, OperatorRouteContext {
  capabilities: ClaimCapabilities;
  detachedServices: DetachedServices;
  now(): number;
  isStopping(): boolean;
  /** Called after a result is accepted (wakes the worker). */
  onResult(): void;
}

const RESULT_PATH = /^\/v1\/continuations\/([0-9a-f-]{36})\/(result|status)$/;

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
  });
  response.end(JSON.stringify(body));
}

function bearerOf(request: IncomingMessage): string {
  const header = request.headers.authorization ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? "";
}

function fail(code: ContinuationError["code"], message: string): never {
  throw new ContinuationError(code, message);
}

function headerOf(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? undefined : value;
}

async function route(context: HttpHandlerContext, request: IncomingMessage): Promise<[number, unknown]> {
  // Prefixed, so the request target is always read as a path (never as an authority).
  const url = new URL(`http://service.invalid${request.url ?? "/"}`);
  const path = url.pathname;
  const method = request.method ?? "GET";
  if (path.startsWith(OPERATOR_PATH_PREFIX)) return operatorRoute(context, request, url, bearerOf(request));
  if (path === "/v1/continuations/detached/claim") {
    if (method !== "POST") fail("method_not_allowed", "use POST for /v1/continuations/detached/claim");
    const service = context.detachedServices.authorize(
      headerOf(request, SERVICE_NAME_HEADER),
      bearerOf(request),
    );
    const body = parseDetachedClaimBody(await readJsonBody(request, CLAIM_BODY_MAX_BYTES), context.now());
    return [200, claimDetachedContinuation(context, service, body, context.now())];
  }
  if (path === "/v1/continuations/claim") {
    if (method !== "POST") fail("method_not_allowed", "use POST for /v1/continuations/claim");
    const bearer = bearerOf(request);
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
    return [200, continuationStatus(authorizeResultToken(context, continuationId, bearerOf(request)))];
  }
  if (method !== "PUT" && method !== "POST") fail("method_not_allowed", "use PUT or POST for the result URL");
  authorizeResultToken(context, continuationId, bearerOf(request));
  const body = parseResultBody(await readJsonBody(request, RESULT_BODY_MAX_BYTES));
  const accepted = submitResult(context, continuationId, body, context.now());
  if (accepted.replayed === undefined) context.onResult();
  return [202, accepted];
}

/** The request handler of the continuation service: routes, errors as `{error:{code,message}}`. */
export function createContinuationHttpHandler(context: HttpHandlerContext) {
  return (request: IncomingMessage, response: ServerResponse): void => {
    if (context.isStopping()) {
      send(response, 503, {
        error: { code: "service_stopping", message: "the continuation service is stopping" },
      });
      return;
    }
    route(context, request).then(
      ([status, body]) => send(response, status, body),
      (error: unknown) => {
        const known = ContinuationError.isInstance(error) ? CONTINUATION_HTTP_STATUS[error.code] : undefined;
        if (ContinuationError.isInstance(error) && known !== undefined) {
          send(response, known, { error: { code: error.code, message: error.message } });
          if (error.code === "body_too_large") request.resume();
          return;
        }
        send(response, 500, {
          error: { code: "internal_error", message: "the continuation service failed" },
        });
      },
    );
  };
}
