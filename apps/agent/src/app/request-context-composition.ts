import type { LoadedConfig } from "@mono-agent/config";
import type { ContinuationCapabilityIssuer } from "@mono-agent/mcp-env";
import type { HostProcessLedger } from "@mono-agent/sandbox/node";
import type { AskRouteDependencies } from "../endpoints/ask-routes.js";
import { createLazyInteractionBridge } from "../endpoints/interaction-bridge-lazy.js";
import { createContinuationPreparer } from "./continuation-overlay.js";
import { createRequestContextPreparer } from "./request-context.js";
import type { RunObserver, RunServerPreparer } from "./run-hooks.js";

/** Options of `startMonoAgentApp` that concern trusted per-run context. */
export interface RunContextOptions {
  /**
   * The continuation service's capability issuer. Without it, servers named in
   * `tools.continuationServers` get empty claim values (no claim can be made).
   */
  continuationIssuer?: ContinuationCapabilityIssuer;
}

/** The default per-run context components of an app, and how to stop them. */
export interface RunContextComposition {
  /** Request-context overlay, then continuation-claim overlay (the order of reference §8). */
  preparers: RunServerPreparer[];
  /** Revokes a run's progress bearers as soon as the run has finished. */
  observers: RunObserver[];
  /** Stops the interaction bridge if it was started. */
  close(): Promise<void>;
}

/**
 * Composes request context, progress and continuation claims from the loaded config. The interaction
 * bridge is created only when progress is enabled and at least one request-context server is named,
 * and it starts listening only when a run first needs a progress bearer.
 */
export function composeRunContext(options: {
  loaded: LoadedConfig;
  env: Readonly<Record<string, string | undefined>>;
  observers: readonly RunObserver[];
  continuationIssuer?: ContinuationCapabilityIssuer;
  /** Records each run output directory, so the next start removes it if this process dies first. */
  ledger?: HostProcessLedger;
  /** The app's ask broker: the bridge then serves the `/v1/asks` routes over it (master bearer only). */
  asks?: Omit<AskRouteDependencies, "authenticate">;
}): RunContextComposition {
  const { config } = options.loaded;
  const bridge =
    config.interaction.progress.enabled && config.tools.mcpRequestContextServers.length > 0
      ? createLazyInteractionBridge({
          host: config.interaction.bridge.host,
          port: config.interaction.bridge.port,
          ...(options.asks ? { asks: options.asks } : {}),
        })
      : undefined;
  const revokeAtRunEnd: RunObserver = {
    async onRunEnd(info) {
      if (bridge?.started) (await bridge.get().catch(() => undefined))?.releaseRun(info.runId);
    },
  };
  return {
    preparers: [
      createRequestContextPreparer({
        loaded: options.loaded,
        env: options.env,
        observers: options.observers,
        ...(bridge ? { bridge } : {}),
        ...(options.ledger ? { ledger: options.ledger } : {}),
      }),
      createContinuationPreparer({
        loaded: options.loaded,
        ...(options.continuationIssuer ? { issuer: options.continuationIssuer } : {}),
      }),
    ],
    observers: bridge ? [revokeAtRunEnd] : [],
    close: async () => bridge?.stop(),
  };
}
