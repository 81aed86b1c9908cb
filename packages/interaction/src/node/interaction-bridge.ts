import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { exactHost, jsonError, loopbackHostNames, noStoreHeaders } from "@mono-agent/http-kit";
import { startHttpServer } from "@mono-agent/http-kit/node";
import { type ProgressCapability, type ProgressReport, stripRolloverBucket } from "@mono-agent/mcp-env";
import { Hono } from "hono";
import { type AskRouteDependencies, registerAskRoutes } from "./ask-routes.js";
import { handleProgress, type ProgressBinding, type ProgressCaller } from "./progress-route.js";

/** Random bytes in every bearer (master and progress): 24, base64url-encoded to 32 characters. */
export const BRIDGE_TOKEN_BYTES = 24;

/** The path of the progress route. */
export const PROGRESS_ROUTE = "/v1/progress";

/** Options of {@link startInteractionBridge} (`interaction.bridge.host` / `.port`). */
export interface InteractionBridgeOptions {
  /** Default `127.0.0.1`. The bearer tokens are the protection, not the bind address: keep it loopback. */
  host?: string;
  /** 0 = any free port. */
  port?: number;
  /** Serves the `/v1/asks` routes (master bearer only) over this broker; without it they are 404. */
  asks?: Omit<AskRouteDependencies, "authenticate">;
}

/** The host's loopback interaction bridge. */
export interface InteractionBridge {
  /** `http://<host>:<port>`. */
  readonly url: string;
  /** `<url>/v1/progress`. */
  readonly progressUrl: string;
  /** The master bearer: host-side only, never given to a project MCP server. */
  readonly masterToken: string;
  /** A per-run progress bearer bound to `runId` and `conversationId` (rollover bucket stripped). */
  issueProgressCapability(input: {
    runId: string;
    conversationId: string;
    onProgress(report: ProgressReport): void;
  }): ProgressCapability;
  /** Authenticated progress requests whose body is still arriving (diagnostics and tests). */
  readonly bodiesInFlight: number;
  /** Revokes every progress bearer of a run. */
  releaseRun(runId: string): void;
  /** Revokes everything and closes the server. Idempotent. */
  stop(): Promise<void>;
}

const digest = (token: string) => createHash("sha256").update(token).digest();
const newToken = () => randomBytes(BRIDGE_TOKEN_BYTES).toString("base64url");

/**
 * Starts the bridge: `POST /v1/progress`, and with `asks` the `/v1/asks` routes (see `registerAskRoutes`);
 * unknown routes are 404, and a `Host`
 * that is not this listener's loopback address (`127.0.0.1`, `localhost` or `[::1]` with its port) is
 * 421 `wrong_host` before anything else is looked at.
 */
export async function startInteractionBridge(
  options: InteractionBridgeOptions = {},
): Promise<InteractionBridge> {
  const masterToken = newToken();
  const masterDigest = digest(masterToken);
  const bindings = new Map<string, ProgressBinding>();
  let bodiesInFlight = 0;
  const authenticate = (token: string | undefined): ProgressCaller | undefined => {
    if (token === undefined) return undefined;
    const key = digest(token);
    if (timingSafeEqual(key, masterDigest)) return { kind: "master" };
    const binding = bindings.get(key.toString("base64url"));
    return binding ? { kind: "run", binding } : undefined;
  };
  let allowedHosts = new Set<string>();
  const app = new Hono();
  app.use(noStoreHeaders());
  app.use(
    exactHost({
      allowed: () => allowedHosts,
      message: "the bridge answers only on its loopback address: use the URL it gave (Host 127.0.0.1:<port>)",
    }),
  );
  app.post(PROGRESS_ROUTE, (c) =>
    handleProgress(c, {
      authenticate,
      countBodyReading: (delta) => {
        bodiesInFlight += delta;
      },
      bindingsOf: (conversationId) =>
        [...bindings.values()].filter((item) => item.conversationId === conversationId),
    }),
  );
  app.all(PROGRESS_ROUTE, (c) =>
    jsonError(c, 405, "method_not_allowed", `${PROGRESS_ROUTE} accepts POST only`, { allow: "POST" }),
  );
  if (options.asks)
    registerAskRoutes(app, {
      ...options.asks,
      authenticate: (token) => {
        const caller = authenticate(token);
        return caller === undefined ? undefined : caller.kind === "master" ? "master" : "scoped";
      },
    });
  app.notFound((c) => jsonError(c, 404, "not_found", "no such route"));
  app.onError((_error, c) => jsonError(c, 500, "internal_error", "the bridge could not handle the request"));
  const host = options.host ?? "127.0.0.1";
  const server = await startHttpServer({ fetch: app.fetch, host, port: options.port ?? 0 });
  allowedHosts = loopbackHostNames(server.port, host);
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${server.port}`;
  return {
    url,
    progressUrl: `${url}${PROGRESS_ROUTE}`,
    masterToken,
    get bodiesInFlight() {
      return bodiesInFlight;
    },
    issueProgressCapability({ runId, conversationId, onProgress }) {
      const token = newToken();
      const key = digest(token).toString("base64url");
      bindings.set(key, {
        runId,
        conversationId: stripRolloverBucket(conversationId),
        deliver: (report) => {
          try {
            onProgress(report);
          } catch {
            // A failing sink never fails the poster.
          }
        },
      });
      return { url: `${url}${PROGRESS_ROUTE}`, token, release: () => void bindings.delete(key) };
    },
    releaseRun(runId) {
      for (const [key, binding] of bindings) if (binding.runId === runId) bindings.delete(key);
    },
    stop() {
      bindings.clear();
      return server.close();
    },
  };
}
