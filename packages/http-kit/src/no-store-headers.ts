import type { MiddlewareHandler } from "hono";

/** Headers the contract puts on every answer of a loopback service (reference §7.2): no caching, no sniffing. */
export const NO_STORE_HEADERS: Readonly<Record<string, string>> = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
};

/**
 * Middleware that sets {@link NO_STORE_HEADERS} (plus `extra`) on every answer, errors, 404s and
 * event streams included (over a route's own `cache-control`: the contract says no-store everywhere).
 */
export function noStoreHeaders(extra: Readonly<Record<string, string>> = {}): MiddlewareHandler {
  const headers = { ...NO_STORE_HEADERS, ...extra };
  return async (c, next) => {
    await next();
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
