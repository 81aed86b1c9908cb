import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { getRequestListener, type HttpBindings } from "@hono/node-server";

/** What a server answers with: a hono app's `fetch` (`app.fetch`), given node's request and response as bindings. */
export type FetchHandler = (request: Request, bindings: HttpBindings) => Response | Promise<Response>;

/** Options of {@link startHttpServer}. */
export interface StartHttpServerOptions {
  fetch: FetchHandler;
  /** Address to bind, e.g. `127.0.0.1`. */
  host: string;
  /** 0 picks a free port. */
  port: number;
}

/** A listening server. */
export interface HttpServer {
  /** The node server (for its events; close it with {@link HttpServer.close}). */
  readonly server: Server;
  readonly host: string;
  readonly port: number;
  /** `http://<host>:<port>`, an IPv6 host in brackets. */
  readonly origin: string;
  /** Stops listening and ends every open connection (event streams included). Idempotent. */
  close(): Promise<void>;
}

/**
 * Listens on `host:port` and answers every request with `fetch` through `@hono/node-server`, without
 * replacing the global `Request` and `Response` (a library must not change its host's globals). Rejects
 * with node's error (`EADDRINUSE`, ...) when it cannot listen.
 */
export async function startHttpServer(options: StartHttpServerOptions): Promise<HttpServer> {
  const listener = getRequestListener(
    // An http/1 server: the bindings are always node's IncomingMessage and ServerResponse.
    (request, bindings) => options.fetch(request, bindings as HttpBindings),
    { overrideGlobalObjects: false },
  );
  const server = createServer(listener);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === "IPv6" ? `[${address.address}]` : address.address;
  let closing: Promise<void> | undefined;
  return {
    server,
    host: options.host,
    port: address.port,
    origin: `http://${urlHost}:${address.port}`,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
