import { lookup } from "node:dns";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from "node:http";
import { isIP, type LookupFunction, connect as netConnect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { allowlistAllowsHost, normalizeHostName } from "../allowlist-allows-host.js";

/** How the relay decides: `localhost` lets through loopback targets only, `allowlist` the listed hosts. */
export type RelayMode = "localhost" | "allowlist";

/** A running relay: an HTTP proxy on a Unix socket in a private folder that the sandbox gets bound in. */
export interface NetworkRelay {
  /** The private folder (0700) holding the socket; bound into the sandbox at the same path. */
  directory: string;
  socketPath: string;
  close(): Promise<void>;
}

/** Largest request head the relay reads, in bytes (Node's own default limit for HTTP headers). */
export const RELAY_MAX_HEADER_BYTES = 16_384;

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "::1", "[::1]"]);

function isLoopbackAddress(address: string): boolean {
  return address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127.");
}

function isLoopbackName(host: string): boolean {
  return LOOPBACK_NAMES.has(host) || (isIP(host) === 4 && host.startsWith("127."));
}

/** Why the relay refuses `host`, or undefined when it may connect. */
function refusal(mode: RelayMode, allowlist: readonly string[], host: string): string | undefined {
  if (mode === "localhost")
    return isLoopbackName(host)
      ? undefined
      : `${host} is not a loopback address (sandbox.network.mode is "localhost")`;
  return allowlistAllowsHost(allowlist, host) ? undefined : `${host} is not in sandbox.network.allowlist`;
}

/** A DNS lookup that refuses loopback answers for names that are not loopback themselves (DNS rebinding). */
function guardedLookup(host: string): LookupFunction {
  return (hostname, options, callback) =>
    lookup(hostname, { ...options, all: false }, (error, address, family) => {
      if (!error && typeof address === "string" && isLoopbackAddress(address) && !isLoopbackName(host)) {
        callback(new Error(`${host} resolves to a loopback address`), "", 0);
        return;
      }
      callback(error, address as string, family as number);
    });
}

function splitHostPort(authority: string, defaultPort: number): { host: string; port: number } | undefined {
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(authority);
  if (!match?.[1]) return undefined;
  const port = match[2] === undefined ? defaultPort : Number(match[2]);
  if (port < 1 || port > 65_535) return undefined;
  return { host: normalizeHostName(match[1].replace(/^\[|\]$/g, "")), port };
}

function deny(socket: Socket, status: string, reason: string): void {
  socket.end(
    `HTTP/1.1 ${status}\r\ncontent-type: text/plain\r\nconnection: close\r\n\r\nmono-agent sandbox: ${reason}\n`,
  );
}

/**
 * Starts the host side of a sandbox's network: an HTTP proxy (CONNECT tunnels and absolute-URI requests)
 * listening on a Unix socket in a fresh private folder. Each target is checked before anything is sent:
 * in `localhost` mode only loopback hosts, in `allowlist` mode only hosts the allowlist allows (and a name
 * that resolves to loopback only if it is a loopback name). Refusals answer 403 naming the rule.
 */
export async function startNetworkRelay(options: {
  mode: RelayMode;
  allowlist: readonly string[];
}): Promise<NetworkRelay> {
  const directory = await mkdtemp(join(tmpdir(), "mono-agent-relay-"));
  const socketPath = join(directory, "relay.sock");
  const sockets = new Set<Socket>();
  const server = createServer(
    { maxHeaderSize: RELAY_MAX_HEADER_BYTES },
    (request: IncomingMessage, response: ServerResponse) => {
      let target: URL;
      try {
        target = new URL(request.url ?? "");
      } catch {
        response
          .writeHead(400, { "content-type": "text/plain" })
          .end("mono-agent sandbox: send requests through the proxy with an absolute http:// URL\n");
        return;
      }
      const host = normalizeHostName(target.hostname.replace(/^\[|\]$/g, ""));
      const refused =
        target.protocol === "http:"
          ? refusal(options.mode, options.allowlist, host)
          : "only http:// is proxied without CONNECT";
      if (refused) {
        response.writeHead(403, { "content-type": "text/plain" }).end(`mono-agent sandbox: ${refused}\n`);
        return;
      }
      const upstream = httpRequest(
        {
          host,
          port: target.port === "" ? 80 : Number(target.port),
          path: `${target.pathname}${target.search}`,
          method: request.method,
          headers: request.headers,
          lookup: guardedLookup(host),
        },
        (answer) => {
          response.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(response);
        },
      );
      upstream.on("error", (error) => {
        if (!response.headersSent) response.writeHead(502, { "content-type": "text/plain" });
        response.end(`mono-agent sandbox: ${host} could not be reached: ${error.message}\n`);
      });
      request.pipe(upstream);
    },
  );
  server.on("connect", (request: IncomingMessage, client: Socket, head: Buffer) => {
    sockets.add(client);
    client.on("close", () => sockets.delete(client));
    client.on("error", () => {});
    const target = splitHostPort(request.url ?? "", 443);
    if (!target) return deny(client, "400 Bad Request", "CONNECT needs host:port");
    const refused = refusal(options.mode, options.allowlist, target.host);
    if (refused) return deny(client, "403 Forbidden", refused);
    const upstream = netConnect({ host: target.host, port: target.port, lookup: guardedLookup(target.host) });
    sockets.add(upstream);
    upstream.on("close", () => sockets.delete(upstream));
    upstream.once("connect", () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on("error", (error) => {
      if (client.writable)
        deny(
          client,
          "502 Bad Gateway",
          `${target.host}:${target.port} could not be reached: ${error.message}`,
        );
    });
  });
  server.on("clientError", (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  server.unref();
  let closing: Promise<void> | undefined;
  return {
    directory,
    socketPath,
    close() {
      closing ??= new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }).then(() => rm(directory, { recursive: true, force: true }));
      return closing;
    },
  };
}
