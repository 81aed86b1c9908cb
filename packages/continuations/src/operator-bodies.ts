import { ContinuationError } from "./continuation-error.js";
import { OPERATOR_PAGE_MAX } from "./continuation-limits.js";

/** How an operator settles a `delivery_unknown` record. */
export type DeliveryResolution =
  | { kind: "delivered"; deliveryId: string }
  | { kind: "not_delivered" }
  | { kind: "dead_lettered" };

const RESOLUTION_ACCEPTED =
  '{ "kind": "delivered", "deliveryId": "<id the channel reported>" }, { "kind": "not_delivered" } or { "kind": "dead_lettered" }';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Validates a resolve body; anything else is `invalid_resolution` naming the accepted forms. */
export function parseResolutionBody(body: unknown): DeliveryResolution {
  if (isObject(body)) {
    const keys = Object.keys(body).sort().join(",");
    const { kind, deliveryId } = body;
    if (kind === "delivered" && keys === "deliveryId,kind" && typeof deliveryId === "string")
      if (deliveryId.length > 0 && deliveryId.length <= 256) return { kind, deliveryId };
    if ((kind === "not_delivered" || kind === "dead_lettered") && keys === "kind") return { kind };
  }
  throw new ContinuationError("invalid_resolution", `resolve takes ${RESOLUTION_ACCEPTED}`);
}

/** Validates a retry body: `{}` or `{ "allowUnknown": boolean }` (an empty body counts as `{}`). */
export function parseRetryBody(body: unknown): { allowUnknown: boolean } {
  if (isObject(body) && Object.keys(body).every((key) => key === "allowUnknown")) {
    if (body.allowUnknown === undefined || typeof body.allowUnknown === "boolean")
      return { allowUnknown: body.allowUnknown === true };
  }
  throw new ContinuationError(
    "invalid_request",
    'retry takes {} or { "allowUnknown": true } (true also delivers a delivery_unknown record, maybe twice)',
  );
}

/** Validates a cancel body: `{}` (an empty body counts as `{}`). */
export function parseCancelBody(body: unknown): void {
  if (isObject(body) && Object.keys(body).length === 0) return;
  throw new ContinuationError("invalid_request", "cancel takes an empty body or {}");
}

/** Validates `?limit&cursor` of the operator list; `limit` defaults to `defaultLimit`. */
export function parseListQuery(
  query: URLSearchParams,
  defaultLimit: number,
): { limit: number; cursor?: string } {
  for (const key of query.keys())
    if (key !== "limit" && key !== "cursor")
      throw new ContinuationError(
        "invalid_argument",
        `unknown query parameter "${key}"; the list takes limit (1..${OPERATOR_PAGE_MAX}) and cursor`,
      );
  const rawLimit = query.get("limit");
  const limit = rawLimit === null ? defaultLimit : Number(rawLimit);
  if (rawLimit !== null && !/^\d{1,4}$/.test(rawLimit))
    throw new ContinuationError(
      "invalid_argument",
      `limit must be a whole number from 1 to ${OPERATOR_PAGE_MAX}; received "${rawLimit.slice(0, 32)}"`,
    );
  const cursor = query.get("cursor");
  return { limit, ...(cursor !== null ? { cursor } : {}) };
}
