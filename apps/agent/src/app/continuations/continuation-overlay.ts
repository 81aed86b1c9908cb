import type { LoadedConfig } from "@mono-agent/config";
import { type ContinuationCapabilityIssuer, injectMcpContinuationContext } from "@mono-agent/mcp-env";
import type { RunServerPreparer } from "../run/run-observer.js";

/**
 * The continuation-claim preparer: for the servers named in `tools.continuationServers`, refuses the
 * run with `unsupported_continuation_server` (before any model call) when one is SSE or remote HTTP,
 * then asks `issuer` for one capability per selected server and overlays it: env for stdio, the four
 * `x-mono-agent-continuation-claim-*` headers for loopback HTTP. Without an issuer, or with
 * `continuations.enabled: false`, the selected servers get empty claim values instead. Cleanup
 * releases every issued capability.
 */
export function createContinuationPreparer(options: {
  loaded: LoadedConfig;
  issuer?: ContinuationCapabilityIssuer;
}): RunServerPreparer {
  const serverNames = options.loaded.config.tools.continuationServers;
  const enabled = options.loaded.config.continuations?.enabled !== false;
  return async (info, servers) => {
    if (serverNames.length === 0) return { servers: [...servers] };
    const overlay = await injectMcpContinuationContext(servers, {
      serverNames,
      runId: info.runId,
      conversationId: info.conversationId,
      ...(enabled && options.issuer ? { issuer: options.issuer } : {}),
    });
    return { servers: overlay.servers, cleanup: overlay.release };
  };
}
