import { ContinuationError } from "../continuation-error.js";
import { SERVICE_NAME_PATTERN, SERVICE_TOKEN_MIN_CHARS } from "../continuation-limits.js";
import type { DetachedClaimBody } from "../protocol-bodies.js";
import {
  admitClaim,
  type ClaimResponse,
  namedRouteOf,
  type ProtocolContext,
} from "./continuation-protocol.js";
import { detachedFingerprint, sameSecret, tokenDigest } from "./continuation-tokens.js";

/** A service allowed to claim detached continuations (`continuations.detachedServices`, bearer resolved by the host). */
export interface DetachedService {
  /** Sent as the `X-Mono-Agent-Service-Name` header. */
  name: string;
  /** The service's bearer, at least {@link SERVICE_TOKEN_MIN_CHARS} characters; only its digest is kept. */
  token: string;
}

/** The header naming the detached service (reference §7.2). */
export const SERVICE_NAME_HEADER = "x-mono-agent-service-name";

/** Digest compared against when the service name is unknown, so both failures take the same work. */
const UNKNOWN_SERVICE_DIGEST = tokenDigest("unknown detached service");

/**
 * The configured detached services, keyed by name with only their bearer's digest. Construction throws
 * `invalid_argument` naming the service (never its bearer) for a bad name, a duplicate or a short bearer.
 */
export class DetachedServices {
  readonly #digests = new Map<string, string>();

  constructor(services: readonly DetachedService[] = []) {
    for (const service of services) {
      if (!SERVICE_NAME_PATTERN.test(service.name))
        throw new ContinuationError(
          "invalid_argument",
          `detached service name "${service.name}" is not accepted; use a letter or digit, then up to 47 letters, digits, "_" or "-"`,
        );
      if (this.#digests.has(service.name))
        throw new ContinuationError(
          "invalid_argument",
          `detached service "${service.name}" is given twice; each service needs its own name`,
        );
      if (typeof service.token !== "string" || service.token.length < SERVICE_TOKEN_MIN_CHARS)
        throw new ContinuationError(
          "invalid_argument",
          `detached service "${service.name}" has a bearer shorter than ${SERVICE_TOKEN_MIN_CHARS} characters; use a longer random one`,
        );
      this.#digests.set(service.name, tokenDigest(service.token));
    }
  }

  get names(): string[] {
    return [...this.#digests.keys()];
  }

  /**
   * The service a request speaks for: its name header and bearer must match a configured service
   * (digests compared in constant time). Anything else is the same `invalid_service_capability`.
   */
  authorize(name: string | undefined, bearer: string): string {
    const expected = (name !== undefined && this.#digests.get(name)) || UNKNOWN_SERVICE_DIGEST;
    const matches = sameSecret(tokenDigest(bearer), expected);
    if (!matches || name === undefined || bearer === "" || !this.#digests.has(name))
      throw new ContinuationError(
        "invalid_service_capability",
        "missing or unknown X-Mono-Agent-Service-Name, or a bearer that is not that service's",
      );
    return name;
  }
}

/**
 * Claims a detached continuation for an authorized service (reference §7.2): the route decides mode and
 * destination; the origin conversation is the route's conversation (or `continuation-route:<name>`),
 * the origin run `detached:<service>:<taskKey>`, and the origin context `detached_latest` (the latest
 * turns of the destination conversation, read when the result is synthesized).
 */
export function claimDetachedContinuation(
  context: ProtocolContext,
  serviceName: string,
  body: DetachedClaimBody,
  now: number,
): ClaimResponse {
  const route = namedRouteOf(context, body.route);
  const originRunId = `detached:${serviceName}:${body.taskKey}`;
  return admitClaim(
    context,
    {
      serverName: serviceName,
      originRunId,
      originConversationId: route.conversationId ?? `continuation-route:${body.route}`,
      replyTo: null,
      historyBoundary: originRunId,
      mode: route.mode,
      routeName: body.route,
      destinationConversationId: route.mode === "silent" ? null : (route.conversationId ?? null),
      fingerprint: detachedFingerprint({
        serviceName,
        routeName: body.route,
        mode: route.mode,
        ...(route.conversationId !== undefined ? { conversationId: route.conversationId } : {}),
      }),
      originContextState: "detached_latest",
    },
    body,
    now,
  );
}
