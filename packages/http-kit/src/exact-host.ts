import type { Context, MiddlewareHandler } from "hono";
import { jsonError } from "./json-error.js";

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
  /**
   * The answer to any other `Host` (or none); default `421 {"error":{"code":"wrong_host","message"}}`
   * with {@link ExactHostOptions.message}.
   */
  reject?(c: Context): Response | Promise<Response>;
  /** The message of the default answer: where to send the request instead. */
  message?: string;
}

/**
 * Middleware that lets a request through only when its `Host` header is exactly one of the allowed
 * values (case and all): the check the request-scoped endpoints make, for every loopback service.
 * Anything else gets `reject`, by default `421 wrong_host` as a JSON error.
 */
export function exactHost(options: ExactHostOptions): MiddlewareHandler {
  const message = options.message ?? "this server answers only on its loopback address: use the URL it gave";
  const reject = options.reject ?? ((c: Context) => jsonError(c, 421, "wrong_host", message));
  return async (c, next) => {
    const host = c.req.header("host");
    if (host === undefined || !options.allowed().has(host)) return reject(c);
    await next();
  };
}
