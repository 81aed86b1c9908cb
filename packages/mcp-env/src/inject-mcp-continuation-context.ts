import { CONTINUATION_CLAIM_ENV, CONTINUATION_CLAIM_HEADERS } from "./context-env-names.js";
import {
  assertContinuationCapability,
  type ContinuationCapability,
  type ContinuationCapabilityIssuer,
} from "./continuation-capability.js";
import { isLoopbackHttpUrl } from "./loopback-url.js";
import { McpEnvError } from "./mcp-env-error.js";
import type { OverlayServerSpec } from "./overlay-server-spec.js";

/** Server names the overlay accepts (the config's server name rule). */
const SERVER_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,47}$/;

/** How a continuation server takes a claim capability: env (stdio), headers (loopback HTTP), or not at all. */
export type ContinuationServerKind = "stdio" | "http" | "unsupported";

/** Classifies one server spec. `auto` on a loopback URL counts as HTTP (the overlay pins it to `http`). Pure. */
export function classifyContinuationServer(server: OverlayServerSpec): ContinuationServerKind {
  if (server.transport === "stdio") return "stdio";
  if (server.transport === "sse") return "unsupported";
  return isLoopbackHttpUrl(server.url) ? "http" : "unsupported";
}

/**
 * One server with the claim overlay applied (pure, returns a clone): stdio gets the four
 * `MONO_AGENT_CONTINUATION_CLAIM_*` env keys (`""` without a capability); loopback HTTP loses every
 * configured header of the four claim names (case-insensitive), gains them from the capability, and is
 * pinned to streamable HTTP. Throws `unsupported_continuation_server` for SSE and remote HTTP.
 */
export function applyContinuationCapability<S extends OverlayServerSpec>(
  server: S,
  capability: ContinuationCapability | undefined,
): S {
  const kind = classifyContinuationServer(server);
  if (server.transport === "stdio") {
    return {
      ...server,
      env: {
        ...server.env,
        [CONTINUATION_CLAIM_ENV.url]: capability?.url ?? "",
        [CONTINUATION_CLAIM_ENV.token]: capability?.token ?? "",
        [CONTINUATION_CLAIM_ENV.fingerprint]: capability?.fingerprint ?? "",
        [CONTINUATION_CLAIM_ENV.mode]: capability?.mode ?? "",
      },
    };
  }
  if (kind !== "http") throw unsupported(server.name);
  const claimNames = new Set<string>(Object.values(CONTINUATION_CLAIM_HEADERS));
  const headers = Object.fromEntries(
    Object.entries(server.headers).filter(([name]) => !claimNames.has(name.toLowerCase())),
  );
  if (capability) {
    headers[CONTINUATION_CLAIM_HEADERS.url] = capability.url;
    headers[CONTINUATION_CLAIM_HEADERS.token] = capability.token;
    headers[CONTINUATION_CLAIM_HEADERS.fingerprint] = capability.fingerprint;
    headers[CONTINUATION_CLAIM_HEADERS.mode] = capability.mode;
  }
  return { ...server, transport: "http", headers };
}

function unsupported(name: string): McpEnvError {
  return new McpEnvError(
    "unsupported_continuation_server",
    `continuation server "${name}" is SSE or remote HTTP; only stdio and loopback HTTP (localhost, 127.0.0.1, ::1) servers can claim continuations: remove it from tools.continuationServers`,
  );
}

/** Options of {@link injectMcpContinuationContext}. */
export interface InjectMcpContinuationContextOptions {
  /** `tools.continuationServers` (with `MONO_AGENT_CONTINUATION_SERVERS` applied). */
  serverNames: readonly string[];
  runId: string;
  conversationId: string;
  replyTo?: string;
  /** The continuation service; without one, selected servers get empty claim values. */
  issuer?: ContinuationCapabilityIssuer;
}

/** The overlaid servers and the capabilities issued for them. */
export interface ContinuationOverlay<S extends OverlayServerSpec> {
  servers: S[];
  capabilities: { serverName: string; capability: ContinuationCapability }[];
  /** Releases every issued capability (all settled, errors swallowed). Idempotent. */
  release(): Promise<void>;
}

/**
 * The continuation-claim overlay. Every selected name is classified first, so SSE, remote HTTP or a
 * selected name that is not a valid server name throws `unsupported_continuation_server` before any
 * capability is issued. A selected name that is not among `servers` (not declared, or skipped for
 * this run) is left out. If issuing or validating fails, every capability already issued is released
 * and the error is rethrown. `servers` is never mutated.
 */
export async function injectMcpContinuationContext<S extends OverlayServerSpec>(
  servers: readonly S[],
  options: InjectMcpContinuationContextOptions,
): Promise<ContinuationOverlay<S>> {
  const byName = new Map(servers.map((server) => [server.name, server]));
  const selected: S[] = [];
  for (const name of new Set(options.serverNames)) {
    if (!SERVER_NAME_PATTERN.test(name)) throw unsupported(name);
    const server = byName.get(name);
    if (server === undefined) continue;
    if (classifyContinuationServer(server) === "unsupported") throw unsupported(name);
    selected.push(server);
  }
  const capabilities: ContinuationOverlay<S>["capabilities"] = [];
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    await Promise.allSettled(capabilities.map(async ({ capability }) => capability.release()));
  };
  const replaced = new Map<S, S>();
  try {
    for (const server of selected) {
      let capability: ContinuationCapability | undefined;
      if (options.issuer) {
        const issued: unknown = await options.issuer.issue({
          runId: options.runId,
          serverName: server.name,
          conversationId: options.conversationId,
          ...(options.replyTo !== undefined ? { replyTo: options.replyTo } : {}),
          historyBoundary: options.runId,
        });
        if (typeof (issued as { release?: unknown } | undefined)?.release === "function")
          capabilities.push({ serverName: server.name, capability: issued as ContinuationCapability });
        assertContinuationCapability(issued, server.name);
        capability = issued;
      }
      replaced.set(server, applyContinuationCapability(server, capability));
    }
  } catch (error) {
    await release();
    throw error;
  }
  return { servers: servers.map((server) => replaced.get(server) ?? server), capabilities, release };
}
