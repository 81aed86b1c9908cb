import type { Context, MiddlewareHandler } from "hono";

/**
 * The `Host` values that name a loopback listener on `port`: `127.0.0.1`, `localhost` and `[::1]`,
 * and the bound host itself. A browser page on another name (DNS rebinding) never sends one of them.
 */
export function loopbackHostNames(port: number, boundHost?: string): Set<string> {
  const names = new Set([`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`]);
  if (boundHost !== undefined) names.add(`${boundHost.includes(":") ? `[${boundHost}]` : boundHost}:${port}`);
  return names;
}

/** Options of {@link exactHost}. */
export interface ExactHostOptions {
  /** The accepted `Host` values, read per request (the port is known only once the server listens). */
  allowed(): ReadonlySet<string>;
  /** The answer to any other `Host` (or none). */
  reject(c: Context): Response | Promise<Response>;
}

/**
 * Middleware that lets a request through only when its `Host` header is exactly one of the allowed
 * values (case and all): the check the request-scoped endpoints make, for every loopback service.
 */
export function exactHost(options: ExactHostOptions): MiddlewareHandler {
  return async (c, next) => {
    const host = c.req.header("host");
    if (host === undefined || !options.allowed().has(host)) return options.reject(c);
    await next();
  };
}
