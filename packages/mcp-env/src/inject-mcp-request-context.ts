import type { OverlayServerSpec } from "./overlay-server-spec.js";
import { type RequestContext, requestContextEnv } from "./request-context-env.js";

/** Options of {@link injectMcpRequestContext}. */
export interface InjectMcpRequestContextOptions {
  /** `tools.mcpRequestContextServers` (with `MONO_AGENT_MCP_REQUEST_CONTEXT_SERVERS` applied). */
  serverNames: readonly string[];
  context: RequestContext;
}

/** The stdio servers of `servers` named in `serverNames`: the ones the overlay rewrites. */
export function selectRequestContextServers<S extends OverlayServerSpec>(
  servers: readonly S[],
  serverNames: readonly string[],
): S[] {
  const selected = new Set(serverNames);
  return servers.filter((server) => server.transport === "stdio" && selected.has(server.name));
}

/**
 * The request-context overlay, applied after the static, request and tool-policy layers are merged:
 * returns a new list in which every selected stdio server is a clone whose env carries the eight
 * host-owned keys (overwriting configured values) and blank bridge master keys. HTTP/SSE and unlisted
 * servers are returned as they are; nothing in `servers` is mutated. Pure.
 */
export function injectMcpRequestContext<S extends OverlayServerSpec>(
  servers: readonly S[],
  options: InjectMcpRequestContextOptions,
): S[] {
  const selected = new Set(selectRequestContextServers(servers, options.serverNames));
  if (selected.size === 0) return [...servers];
  const trusted = requestContextEnv(options.context);
  return servers.map((server) =>
    selected.has(server) && server.transport === "stdio"
      ? ({ ...server, env: { ...server.env, ...trusted } } as S)
      : server,
  );
}
