import { lookup as dnsLookup } from "node:dns/promises";
import { type IncomingMessage, request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import type { LookupFunction } from "node:net";
import { isIP } from "node:net";
import { ToolError } from "../../tool-error.js";
import type { WebAddressPolicy } from "./web-address-policy.js";

/** Most bytes of a body WebFetch reads (5 MiB: a long article with inline markup is well under 1 MiB); the rest is cut. */
export const WEBFETCH_MAX_BODY_BYTES = 5 * 1024 * 1024;

/** Wall-clock cap of one WebFetch, redirects and body included (30 s, the common browser-tool default). */
export const WEBFETCH_TIMEOUT_MS = 30_000;

/** Most redirects WebFetch follows (browsers allow 20; five cover http->https->www->login chains). */
export const WEBFETCH_MAX_REDIRECTS = 5;

/** One resolved address of a host name. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (default: the system resolver, `dns.lookup` with `all`). */
export type HostResolver = (hostname: string) => Promise<readonly ResolvedAddress[]>;

/** Options of {@link fetchWebPage}. */
export interface FetchWebPageOptions {
  policy: WebAddressPolicy;
  resolveHost?: HostResolver;
  timeoutMs?: number;
  maxBodyBytes?: number;
  signal?: AbortSignal;
}

/** A fetched page: the final URL after redirects, its content type and the body as read. */
export interface FetchedWebPage {
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
  /** True when the body passed the byte cap and was cut. */
  truncated: boolean;
}

const defaultResolver: HostResolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => ({
    address: entry.address,
    family: entry.family === 6 ? 6 : 4,
  }));

/** Checks a URL's scheme; throws `url_refused` naming the accepted form. */
export function parseWebUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ToolError(
      "url_refused",
      `"${raw.slice(0, 200)}" is not a URL; give an absolute http:// or https:// URL`,
    );
  }
  if (url.protocol !== "http:" && url.protocol !== "https:")
    throw new ToolError(
      "url_refused",
      `WebFetch fetches only http:// and https:// URLs; ${url.protocol} URLs are refused (read local files with Read)`,
    );
  if (url.username !== "" || url.password !== "")
    throw new ToolError("url_refused", "WebFetch refuses URLs with a user name or password in them");
  return url;
}

/**
 * A lookup for one request that resolves the name once, checks every address against the policy (any
 * refused address refuses the host: no choosing among answers an attacker controls) and hands the socket
 * exactly the checked addresses, so nothing is resolved again between check and connect (no DNS-rebinding
 * window).
 */
function checkedLookup(
  hostname: string,
  options: FetchWebPageOptions,
  resolver: HostResolver,
): LookupFunction {
  return (_name, lookupOptions, callback) => {
    const answer = async () => {
      const addresses = await resolver(hostname);
      if (addresses.length === 0)
        throw new ToolError("fetch_failed", `${hostname} did not resolve to any address`);
      for (const entry of addresses) {
        const refusal = options.policy.refuseAddress(hostname, entry.address);
        if (refusal) throw new ToolError("url_refused", refusal);
      }
      return addresses;
    };
    answer().then(
      (addresses) => {
        if ((lookupOptions as { all?: boolean }).all)
          callback(
            null,
            addresses.map((entry) => ({ ...entry })),
          );
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: unknown) => callback(error as NodeJS.ErrnoException, "", 4),
    );
  };
}

function bareHost(url: URL): string {
  return url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
}

async function requestOnce(
  url: URL,
  options: FetchWebPageOptions,
  signal: AbortSignal,
): Promise<IncomingMessage> {
  const hostname = bareHost(url);
  const hostRefusal = options.policy.refuseHost(hostname);
  if (hostRefusal) throw new ToolError("url_refused", hostRefusal);
  if (isIP(hostname)) {
    const refusal = options.policy.refuseAddress(hostname, hostname);
    if (refusal) throw new ToolError("url_refused", refusal);
  }
  const request = url.protocol === "https:" ? httpsRequest : httpRequest;
  return await new Promise<IncomingMessage>((resolve, reject) => {
    const outgoing = request(url, {
      method: "GET",
      signal,
      headers: {
        "user-agent": "mono-agent-webfetch/0",
        accept: "text/html,application/xhtml+xml,text/*;q=0.9,application/json;q=0.8,*/*;q=0.1",
        "accept-encoding": "identity",
      },
      ...(isIP(hostname)
        ? {}
        : { lookup: checkedLookup(hostname, options, options.resolveHost ?? defaultResolver) }),
    });
    outgoing.once("response", resolve);
    outgoing.once("error", reject);
    outgoing.end();
  });
}

async function readBody(
  response: IncomingMessage,
  maxBytes: number,
): Promise<{ body: Buffer; truncated: boolean }> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of response as AsyncIterable<Buffer>) {
    const room = maxBytes - total;
    if (chunk.length > room) {
      chunks.push(chunk.subarray(0, room));
      response.destroy();
      return { body: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(chunk);
    total += chunk.length;
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

/**
 * GET an http(s) URL from the host under a {@link WebAddressPolicy}: every hop (redirects included) is
 * checked for its scheme, host and every resolved address before connecting, the body is read up to
 * `maxBodyBytes` (the rest cut), and the whole fetch ends after `timeoutMs`. Throws a {@link ToolError}:
 * `url_refused`, or `fetch_failed` (connection, HTTP status >= 400, too many redirects, time out, abort).
 */
export async function fetchWebPage(rawUrl: string, options: FetchWebPageOptions): Promise<FetchedWebPage> {
  const timeoutMs = options.timeoutMs ?? WEBFETCH_TIMEOUT_MS;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error("timeout")), timeoutMs);
  const abort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) abort();
  options.signal?.addEventListener("abort", abort, { once: true });
  let url = parseWebUrl(rawUrl);
  try {
    for (let hop = 0; ; hop += 1) {
      const response = await requestOnce(url, options, controller.signal);
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location !== undefined) {
        response.resume();
        if (hop >= WEBFETCH_MAX_REDIRECTS)
          throw new ToolError(
            "fetch_failed",
            `${rawUrl} redirected more than ${WEBFETCH_MAX_REDIRECTS} times`,
          );
        url = parseWebUrl(new URL(location, url).href);
        continue;
      }
      if (status >= 400) {
        response.resume();
        throw new ToolError(
          "fetch_failed",
          `${url.href} answered HTTP ${status} ${response.statusMessage ?? ""}`.trim(),
        );
      }
      const { body, truncated } = await readBody(response, options.maxBodyBytes ?? WEBFETCH_MAX_BODY_BYTES);
      return {
        url: url.href,
        status,
        contentType: String(response.headers["content-type"] ?? ""),
        body,
        truncated,
      };
    }
  } catch (error) {
    if (ToolError.isInstance(error)) throw error;
    if (controller.signal.aborted && !options.signal?.aborted)
      throw new ToolError(
        "fetch_failed",
        `${url.href} did not finish within ${timeoutMs / 1000} s; nothing was returned`,
      );
    if (options.signal?.aborted) throw new ToolError("fetch_failed", "the fetch was cancelled");
    throw new ToolError("fetch_failed", `${url.href} could not be fetched: ${(error as Error).message}`, {
      cause: error,
    });
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener("abort", abort);
  }
}
