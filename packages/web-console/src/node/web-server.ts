import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { exactHost, jsonError, loopbackHostNames, noStoreHeaders } from "@mono-agent/http-kit";
import { type HttpServer, startHttpServer } from "@mono-agent/http-kit/node";
import { type Context, Hono } from "hono";
import { CONSOLE_STYLES } from "../console-styles.js";
import { createOperatorAuth, type OperatorAuth } from "./operator-token.js";
import { type WebApiContext, webApiRoutes } from "./web-api-routes.js";
import { serveEventStream } from "./web-event-stream.js";
import { CONSOLE_HEADERS, failureAnswer } from "./web-http.js";
import { CONSOLE_CSP, CONSOLE_PAGE, UNAUTHORIZED_PAGE, UNAUTHORIZED_PAGE_CSP } from "./web-pages.js";

/** Where the compiled browser modules live: dist/client beside dist/node/ (src/client beside src/node/ in tests). */
const CLIENT_DIR = fileURLToPath(new URL("../client/", import.meta.url));

/** Browser module names the console serves from {@link CLIENT_DIR}. */
const CLIENT_MODULE = /^[a-z][a-z-]*\.js$/;

const require = createRequire(import.meta.url);

/**
 * The browser builds of the maintained libraries the client imports as `./vendor/<name>.js`: marked's
 * and DOMPurify's own ES modules, resolved from this package's dependencies (no bundler, no CDN).
 */
const VENDOR_MODULES: Record<string, string> = {
  "marked.js": require.resolve("marked"),
  "purify.js": require.resolve("dompurify").replace(/purify\.cjs\.js$/, "purify.es.mjs"),
};

/** The source map comment of a vendor file: its .map is not served, so the browser must not ask for it. */
const SOURCE_MAP_COMMENT = /\n\/\/# sourceMappingURL=\S+\s*$/;

async function vendorModule(name: string): Promise<string | undefined> {
  const file = Object.hasOwn(VENDOR_MODULES, name) ? VENDOR_MODULES[name] : undefined;
  if (file === undefined) return undefined;
  return (await readFile(file, "utf8").catch(() => undefined))?.replace(SOURCE_MAP_COMMENT, "\n");
}

/** Pages the console serves (the browser module routes between them). */
const PAGE_PATH = /^\/(t\/[A-Za-z0-9_-]+|runs|memory)?$/;

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

function unauthorized(c: Context): Response {
  const path = c.req.path;
  const wantsPage =
    (c.req.method === "GET" || c.req.method === "HEAD") &&
    !path.startsWith("/api/") &&
    !path.startsWith("/assets/");
  if (wantsPage) return c.html(UNAUTHORIZED_PAGE, 401, { "content-security-policy": UNAUTHORIZED_PAGE_CSP });
  return jsonError(
    c,
    401,
    "unauthorized",
    "The operator token is missing or wrong: open the URL printed by mono-agent serve.",
  );
}

async function clientModule(name: string): Promise<string | undefined> {
  if (!CLIENT_MODULE.test(name)) return undefined;
  return readFile(`${CLIENT_DIR}${name}`, "utf8").catch(() => undefined);
}

/**
 * Starts the console's HTTP server (hono on `@mono-agent/http-kit`). Every route (pages, assets, API,
 * event stream) needs the operator token: the bearer header, or the session cookie that
 * `POST /api/session` sets (changes made with the cookie also need the {@link CONSOLE_REQUEST_HEADER}
 * header). Without it the answer is 401; with it, a foreign `Host` is 421 unless `allowRemote`.
 */
export async function startWebServer(options: WebServerOptions): Promise<WebServer> {
  let auth: OperatorAuth | undefined;
  let allowedHosts = new Set<string>();
  const openStreams = new Set<() => void>();
  const app = new Hono();
  app.use(noStoreHeaders(CONSOLE_HEADERS));
  app.use(async (c, next) => {
    const proof = auth?.check((name) => c.req.header(name));
    const reading = c.req.method === "GET" || c.req.method === "HEAD";
    if (
      proof === undefined ||
      (!reading && proof === "cookie" && c.req.header(CONSOLE_REQUEST_HEADER) !== "1")
    )
      return unauthorized(c);
    await next();
  });
  if (!options.allowRemote)
    app.use(
      exactHost({
        allowed: () => allowedHosts,
        message: "This console answers only on its loopback address; use the URL it printed.",
      }),
    );
  app.post("/api/session", (c) => c.body(null, 204, { "set-cookie": auth?.sessionCookie(false) ?? "" }));
  app.get("/api/events", (c) => serveEventStream(c, options.hub, openStreams));
  app.route("/api", webApiRoutes(options));
  app.all("/api/*", (c) => jsonError(c, 404, "not_found", `No API route ${c.req.method} ${c.req.path}.`));
  app.get("/assets/app.css", (c) =>
    c.body(CONSOLE_STYLES, 200, { "content-type": "text/css; charset=utf-8" }),
  );
  app.get("/assets/vendor/:module", async (c) => {
    const source = await vendorModule(c.req.param("module"));
    if (source === undefined) return jsonError(c, 404, "not_found", `No asset ${c.req.path}.`);
    return c.body(source, 200, { "content-type": "text/javascript; charset=utf-8" });
  });
  app.get("/assets/:module", async (c) => {
    const source = await clientModule(c.req.param("module"));
    if (source === undefined) return jsonError(c, 404, "not_found", `No asset ${c.req.path}.`);
    return c.body(source, 200, { "content-type": "text/javascript; charset=utf-8" });
  });
  app.get("*", (c) => {
    if (!PAGE_PATH.test(c.req.path)) return jsonError(c, 404, "not_found", `Nothing at ${c.req.path}.`);
    return c.html(CONSOLE_PAGE, 200, { "content-security-policy": CONSOLE_CSP });
  });
  app.notFound((c) => jsonError(c, 404, "not_found", `Nothing at ${c.req.path}.`));
  app.onError((error, c) => failureAnswer(c, error));
  const server: HttpServer = await startHttpServer({
    fetch: app.fetch,
    host: options.host,
    port: options.port,
  });
  auth = createOperatorAuth(options.token, server.port);
  allowedHosts = loopbackHostNames(server.port, options.host);
  return {
    origin: `http://${urlHost(options.host)}:${server.port}`,
    port: server.port,
    close: () => {
      for (const end of openStreams) end();
      openStreams.clear();
      return server.close();
    },
  };
}
