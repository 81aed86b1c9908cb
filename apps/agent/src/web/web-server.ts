import { readFile } from "node:fs/promises";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { CONSOLE_STYLES } from "./console-styles.js";
import { createOperatorAuth, type OperatorAuth } from "./operator-token.js";
import { handleApiRoute, type WebApiContext } from "./web-api-routes.js";
import { serveEventStream } from "./web-event-stream.js";
import { COMMON_HEADERS, sendError, sendFailure } from "./web-http.js";
import { CONSOLE_CSP, CONSOLE_PAGE, UNAUTHORIZED_PAGE, UNAUTHORIZED_PAGE_CSP } from "./web-pages.js";

/** Where the compiled browser modules live: dist/web/client beside this file. */
const CLIENT_DIR = fileURLToPath(new URL("./client/", import.meta.url));

/** Browser module names the console serves from {@link CLIENT_DIR}. */
const CLIENT_MODULE = /^\/assets\/([a-z][a-z-]*\.js)$/;

/** Header a cookie-authenticated change must carry: a cross-site form or image cannot set it. */
export const CONSOLE_REQUEST_HEADER = "x-mono-agent-console";

/** Options of {@link startWebServer}. */
export interface WebServerOptions extends WebApiContext {
  host: string;
  /** 0 picks a free port. */
  port: number;
  token: string;
  /** Accept any Host header (a non-loopback bind); otherwise only the loopback names of this port. */
  allowRemote: boolean;
}

/** A listening console. */
export interface WebServer {
  /** `http://<host>:<port>`, without the token. */
  readonly origin: string;
  readonly port: number;
  /** Ends every event stream and stops listening. */
  close(): Promise<void>;
}

function urlHost(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}

function sendUnauthorized(request: IncomingMessage, response: ServerResponse, path: string): void {
  const wantsPage =
    (request.method === "GET" || request.method === "HEAD") &&
    !path.startsWith("/api/") &&
    !path.startsWith("/assets/");
  if (wantsPage) {
    response
      .writeHead(401, {
        ...COMMON_HEADERS,
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": UNAUTHORIZED_PAGE_CSP,
      })
      .end(UNAUTHORIZED_PAGE);
    return;
  }
  sendError(
    response,
    401,
    "unauthorized",
    "The operator token is missing or wrong: open the URL printed by mono-agent serve.",
  );
}

async function serveAsset(response: ServerResponse, path: string): Promise<boolean> {
  if (path === "/assets/app.css") {
    response
      .writeHead(200, { ...COMMON_HEADERS, "content-type": "text/css; charset=utf-8" })
      .end(CONSOLE_STYLES);
    return true;
  }
  const module = CLIENT_MODULE.exec(path)?.[1];
  if (module === undefined) return false;
  const source = await readFile(`${CLIENT_DIR}${module}`, "utf8").catch(() => undefined);
  if (source === undefined) return false;
  response
    .writeHead(200, { ...COMMON_HEADERS, "content-type": "text/javascript; charset=utf-8" })
    .end(source);
  return true;
}

/**
 * Starts the console's HTTP server. Every route (pages, assets, API, event stream) needs the operator
 * token: the bearer header, or the session cookie that `POST /api/session` sets (changes made with the
 * cookie also need the {@link CONSOLE_REQUEST_HEADER} header). Without it the answer is 401.
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  let auth: OperatorAuth | undefined;
  let allowedHosts = new Set<string>();
  const closers = new Set<() => void>();
  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendFailure(response, error);
      else response.destroy();
    });
  });
  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://console.invalid");
    const path = url.pathname;
    const method = request.method ?? "GET";
    const proof = auth?.check(request);
    const reading = method === "GET" || method === "HEAD";
    if (
      proof === undefined ||
      (!reading && proof === "cookie" && request.headers[CONSOLE_REQUEST_HEADER] !== "1")
    ) {
      sendUnauthorized(request, response, path);
      return;
    }
    if (!options.allowRemote && !allowedHosts.has(request.headers.host ?? "")) {
      sendError(
        response,
        421,
        "wrong_host",
        "This console answers only on its loopback address; use the URL it printed.",
      );
      return;
    }
    if (path === "/api/session" && method === "POST") {
      response.writeHead(204, { ...COMMON_HEADERS, "set-cookie": auth?.sessionCookie(false) ?? "" }).end();
      return;
    }
    if (path === "/api/events" && method === "GET") {
      const end = serveEventStream(response, options.hub, () => closers.delete(end));
      closers.add(end);
      return;
    }
    if (path.startsWith("/api/")) {
      if (!(await handleApiRoute(options, request, response, path, url.searchParams)))
        sendError(response, 404, "not_found", `No API route ${method} ${path}.`);
      return;
    }
    if (reading && path.startsWith("/assets/")) {
      if (!(await serveAsset(response, path))) sendError(response, 404, "not_found", `No asset ${path}.`);
      return;
    }
    if (reading && (path === "/" || /^\/(t\/[A-Za-z0-9_-]+|runs|memory)$/.test(path))) {
      response
        .writeHead(200, {
          ...COMMON_HEADERS,
          "content-type": "text/html; charset=utf-8",
          "content-security-policy": CONSOLE_CSP,
        })
        .end(CONSOLE_PAGE);
      return;
    }
    sendError(response, 404, "not_found", `Nothing at ${path}.`);
  };
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.host, () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  auth = createOperatorAuth(options.token, port);
  allowedHosts = new Set([
    `127.0.0.1:${port}`,
    `localhost:${port}`,
    `[::1]:${port}`,
    `${urlHost(options.host)}:${port}`,
  ]);
  return {
    origin: `http://${urlHost(options.host)}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const end of closers) end();
        closers.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
