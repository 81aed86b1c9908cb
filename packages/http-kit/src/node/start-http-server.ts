import { createServer, type Server, type ServerResponse } from "node:http";
import type { AddressInfo, Socket } from "node:net";
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
  /**
   * Stops listening and ends every open connection (event streams included) at once; with `drain`,
   * requests in progress are answered first (idle connections still close at once). Idempotent: the
   * first call decides.
   */
  close(options?: { drain?: boolean }): Promise<void>;
}

/**
 * Bytes that follow a request but do not parse as one (a GET that sends a body without framing, garbage
 * after a request) end the connection. Node's default would write `400` at once, over the answer to the
 * request that did parse when that answer is still being made (every hono handler answers a tick
 * later); instead that answer is finished first, then the connection closes.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  // Node's own name for the answer in progress on a connection (see the `clientError` event docs).
  const pending = (socket as Socket & { _httpMessage?: ServerResponse })._httpMessage;
  if (error.code === "ECONNRESET" || !socket.writable) socket.destroy();
  else if (pending && !pending.writableFinished) {
    pending.once("close", () => socket.destroy());
    pending.once("finish", () => socket.destroySoon());
  } else socket.end("HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n");
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
  server.on("clientError", answerClientError);
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
    close(closeOptions) {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          server.closeAllConnections();
          resolve();
        });
        if (closeOptions?.drain !== true) server.closeAllConnections();
      });
      return closing;
    },
  };
}
