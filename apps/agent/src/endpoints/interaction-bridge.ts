import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { type ProgressCapability, type ProgressReport, stripRolloverBucket } from "@mono-agent/mcp-env";
import { sendError } from "./interaction-bridge-http.js";
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

/** Starts the bridge (node:http). Unknown routes are 404; the only route served is `POST /v1/progress`. */
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
  const server = createServer((request, response) => {
    const path = (request.url ?? "").split("?")[0];
    if (path !== PROGRESS_ROUTE) return sendError(response, 404, "not_found", "no such route");
    if (request.method !== "POST") {
      response.setHeader("allow", "POST");
      return sendError(response, 405, "method_not_allowed", `${PROGRESS_ROUTE} accepts POST only`);
    }
    handleProgress(request, response, {
      authenticate,
      countBodyReading: (delta) => {
        bodiesInFlight += delta;
      },
      bindingsOf: (conversationId) =>
        [...bindings.values()].filter((item) => item.conversationId === conversationId),
    }).catch(() => sendError(response, 500, "internal_error", "the bridge could not handle the request"));
  });
  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
  let stopped: Promise<void> | undefined;
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
      stopped ??= new Promise<void>((resolve) => {
        bindings.clear();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return stopped;
    },
  };
}
