import { timingSafeEqual } from "node:crypto";
import { A2A_PROTOCOL_VERSION, A2A_VERSION_HEADER, type AgentCard } from "@a2a-js/sdk";
import {
  DefaultRequestHandler,
  InMemoryTaskStore,
  JsonRpcTransportHandler,
  ServerCallContext,
  type User,
  validateVersion,
} from "@a2a-js/sdk/server";
import {
  bearerToken,
  exactHost,
  HttpKitError,
  jsonError,
  noStoreHeaders,
  readJsonBody,
} from "@mono-agent/http-kit";
import { type HttpServer, startHttpServer } from "@mono-agent/http-kit/node";
import { Hono } from "hono";
import { CollaboratorError } from "../collaborator-error.js";
import { type A2aRunFunction, createRunExecutor } from "./run-executor.js";

/** Path of the agent card (A2A 1.0). */
export const AGENT_CARD_PATH = "/.well-known/agent-card.json";

/** Path of the JSON-RPC endpoint the card declares. */
export const A2A_JSONRPC_PATH = "/a2a/jsonrpc";

/** Deepest nesting of a request body: as the continuation service's bodies (64). */
export const A2A_BODY_MAX_DEPTH = 64;

/** Shortest bearer accepted: as a detached continuation service's (16 characters). */
export const A2A_BEARER_MIN_CHARS = 16;

/** Options of {@link startA2aEndpoint}. */
export interface A2aEndpointOptions {
  host: string;
  /** 0 picks a free port. */
  port: number;
  /** Every JSON-RPC call must send `Authorization: Bearer <bearer>`. */
  bearer: string;
  name: string;
  description: string;
  /** The URL callers reach the endpoint at, when a proxy publishes it (its host is accepted in `Host` too). */
  publicUrl?: string;
  maxBodyBytes: number;
  /** Runs one A2A call (the host records it with source `a2a`). */
  run: A2aRunFunction;
  /** The agent's version in its card. */
  version?: string;
}

/** A listening A2A endpoint. */
export interface A2aEndpoint {
  readonly server: HttpServer;
  /** The agent card's URL. */
  readonly cardUrl: string;
  close(): Promise<void>;
}

const CALLER: User = {
  get isAuthenticated() {
    return true;
  },
  get userName() {
    return "a2a-bearer";
  },
};

function sameBearer(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false;
  const left = Buffer.from(given);
  const right = Buffer.from(expected);
  return left.length === right.length && timingSafeEqual(left, right);
}

function agentCard(options: A2aEndpointOptions, origin: string): AgentCard {
  return {
    name: options.name,
    description: options.description,
    supportedInterfaces: [
      {
        url: `${origin}${A2A_JSONRPC_PATH}`,
        protocolBinding: "JSONRPC",
        tenant: "",
        protocolVersion: A2A_PROTOCOL_VERSION,
      },
    ],
    provider: undefined,
    version: options.version ?? "1.0.0",
    capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
    securitySchemes: {
      bearer: {
        scheme: {
          $case: "httpAuthSecurityScheme",
          value: { description: "Authorization: Bearer <token>", scheme: "Bearer", bearerFormat: "" },
        },
      },
    },
    securityRequirements: [{ schemes: { bearer: { list: [] } } }],
    defaultInputModes: ["text/plain"],
    defaultOutputModes: ["text/plain"],
    skills: [
      {
        id: "ask",
        name: "Ask the agent",
        description: options.description,
        tags: ["mono-agent"],
        examples: [],
        inputModes: ["text/plain"],
        outputModes: ["text/plain"],
        securityRequirements: [],
      },
    ],
    signatures: [],
  } as AgentCard;
}

function sse(
  events: AsyncGenerator<unknown, void, undefined>,
  requestId: unknown,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async pull(controller) {
      try {
        const next = await events.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(`data: ${JSON.stringify(next.value)}\n\n`));
      } catch (error) {
        const body = {
          jsonrpc: "2.0",
          id: requestId ?? null,
          error: JsonRpcTransportHandler.mapToJSONRPCError(error),
        };
        controller.enqueue(encoder.encode(`event: error\ndata: ${JSON.stringify(body)}\n\n`));
        controller.close();
      }
    },
    async cancel() {
      // The caller went away: the stream ends, the run goes on (tasks/get shows its outcome).
      await events.return(undefined);
    },
  });
}

/**
 * Serves mono-agent as an A2A agent on `host:port`: the agent card at {@link AGENT_CARD_PATH} and
 * JSON-RPC (`SendMessage`, `SendStreamingMessage`, `GetTask`, `CancelTask`, ...) at
 * {@link A2A_JSONRPC_PATH}, both by `@a2a-js/sdk`'s request handler. Every request must name the
 * endpoint in `Host` (421 otherwise, before anything else); a JSON-RPC call needs the bearer (401), a
 * JSON body of at most `maxBodyBytes` (413) nested at most {@link A2A_BODY_MAX_DEPTH} deep (400).
 */
export async function startA2aEndpoint(options: A2aEndpointOptions): Promise<A2aEndpoint> {
  if (options.bearer.length < A2A_BEARER_MIN_CHARS)
    throw new CollaboratorError(
      "invalid_argument",
      `the A2A bearer must be at least ${A2A_BEARER_MIN_CHARS} characters; generate one with \`openssl rand -base64 24\``,
    );
  let origin = "";
  let allowed = new Set<string>();
  let handler: DefaultRequestHandler | undefined;
  let transport: JsonRpcTransportHandler | undefined;
  const app = new Hono();
  app.use("*", exactHost({ allowed: () => allowed }));
  app.use("*", async (c, next) => {
    await next();
    for (const [key, value] of Object.entries(noStoreHeaders())) c.res.headers.set(key, value);
  });
  app.get(AGENT_CARD_PATH, async (c) => c.json(await (handler as DefaultRequestHandler).getAgentCard()));
  app.post(A2A_JSONRPC_PATH, async (c) => {
    if (!sameBearer(bearerToken(c.req.header("authorization")), options.bearer))
      return jsonError(c, 401, "invalid_bearer", "send Authorization: Bearer <the token of a2a.bearer>", {
        "www-authenticate": "Bearer",
      });
    let body: unknown;
    try {
      body = await readJsonBody(c.req.raw, { maxBytes: options.maxBodyBytes, maxDepth: A2A_BODY_MAX_DEPTH });
    } catch (error) {
      if (HttpKitError.isInstance(error))
        return jsonError(c, error.code === "body_too_large" ? 413 : 400, error.code, error.message);
      throw error;
    }
    const requestId = (body as { id?: unknown }).id;
    const context = new ServerCallContext({
      user: CALLER,
      requestedVersion: c.req.header(A2A_VERSION_HEADER) ?? A2A_PROTOCOL_VERSION,
    });
    try {
      validateVersion(
        context.requestedVersion,
        await (handler as DefaultRequestHandler).getAgentCard(),
        "JSONRPC",
      );
      const answer = await (transport as JsonRpcTransportHandler).handle(
        body as Record<string, unknown>,
        context,
      );
      if (typeof (answer as AsyncGenerator)[Symbol.asyncIterator] === "function")
        return new Response(sse(answer as AsyncGenerator<unknown, void, undefined>, requestId), {
          headers: {
            "content-type": "text/event-stream",
            "cache-control": "no-store",
            "x-accel-buffering": "no",
          },
        });
      return c.json(answer as object);
    } catch (error) {
      return c.json({
        jsonrpc: "2.0",
        id: requestId ?? null,
        error: JsonRpcTransportHandler.mapToJSONRPCError(error),
      });
    }
  });
  app.all("*", (c) =>
    jsonError(c, 404, "not_found", `this endpoint serves ${AGENT_CARD_PATH} and ${A2A_JSONRPC_PATH}`),
  );
  const server = await startHttpServer({ fetch: app.fetch, host: options.host, port: options.port });
  const urlHost = options.host.includes(":") ? `[${options.host}]` : options.host;
  origin = options.publicUrl ? new URL(options.publicUrl).origin : `http://${urlHost}:${server.port}`;
  allowed = new Set([
    `127.0.0.1:${server.port}`,
    `localhost:${server.port}`,
    `[::1]:${server.port}`,
    ...(options.publicUrl ? [new URL(options.publicUrl).host] : []),
  ]);
  handler = new DefaultRequestHandler(
    agentCard(options, origin),
    new InMemoryTaskStore(),
    createRunExecutor(options.run),
  );
  transport = new JsonRpcTransportHandler(handler);
  return {
    server,
    cardUrl: `${origin}${AGENT_CARD_PATH}`,
    close: () => server.close(),
  };
}
