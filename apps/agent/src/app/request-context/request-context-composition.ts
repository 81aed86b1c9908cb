import type { LoadedConfig } from "@mono-agent/config";
import {
  type AskRouteDependencies,
  createLazyInteractionBridge,
  type LazyInteractionBridge,
} from "@mono-agent/interaction/node";
import { type ContinuationCapabilityIssuer, createRequestContextPreparer } from "@mono-agent/mcp-env";
import { evaluateTool, type ToolPolicy } from "@mono-agent/policy";
import type { HostProcessLedger } from "@mono-agent/sandbox/node";
import { createContinuationPreparer } from "../continuations/continuation-overlay.js";
import type { RunObserver, RunServerPreparer } from "../run/run-observer.js";

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
  /** The interaction bridge, when {@link interactionBridgeWanted} (it listens once first asked for). */
  bridge?: LazyInteractionBridge;
  /** Stops the interaction bridge if it was started. */
  close(): Promise<void>;
}

/** The adapter send tools whose being allowed brings the bridge up (reference §3.2), with their adapter. */
const SEND_TOOLS = [
  ["SlackSendMessage", "slack"],
  ["TelegramSendMessage", "telegram"],
  ["TelegramSendFile", "telegram"],
] as const;

/**
 * Whether the host runs an interaction bridge (reference §3.2): a configured adapter send tool or AskUser
 * is allowed; or an `interaction.bridge` key is set (file or `MONO_AGENT_INTERACTION_BRIDGE_*`); or
 * progress is enabled and `tools.mcpRequestContextServers` names a server.
 */
export function interactionBridgeWanted(loaded: LoadedConfig, policy: ToolPolicy): boolean {
  const { config } = loaded;
  if (config.interaction.progress.enabled && config.tools.mcpRequestContextServers.length > 0) return true;
  if (
    Object.entries(loaded.sources).some(
      ([key, source]) => key.startsWith("interaction.bridge.") && source !== "default",
    )
  )
    return true;
  if (evaluateTool(policy, "AskUser", { adapters: { askUser: true } }).decision === "offered") return true;
  return SEND_TOOLS.some(
    ([name, adapter]) =>
      config[adapter] !== undefined &&
      evaluateTool(policy, name, { adapters: { [adapter]: true } }).decision === "offered",
  );
}

/**
 * Composes request context, progress and continuation claims from the loaded config. The interaction
 * bridge is created only when {@link interactionBridgeWanted}, and it starts listening only when first
 * asked for: a run that needs a progress bearer, or the host through `app.interactionBridge`.
 */
export function composeRunContext(options: {
  loaded: LoadedConfig;
  policy: ToolPolicy;
  env: Readonly<Record<string, string | undefined>>;
  observers: readonly RunObserver[];
  continuationIssuer?: ContinuationCapabilityIssuer;
  /** Records each run output directory, so the next start removes it if this process dies first. */
  ledger?: HostProcessLedger;
  /** The app's ask broker: the bridge then serves the `/v1/asks` routes over it (master bearer only). */
  asks?: Omit<AskRouteDependencies, "authenticate">;
}): RunContextComposition {
  const { config } = options.loaded;
  const bridge = interactionBridgeWanted(options.loaded, options.policy)
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
        // Progress bearers only with progress on: a bridge that is up for asks alone issues none.
        ...(bridge && config.interaction.progress.enabled ? { bridge } : {}),
        ...(options.ledger ? { ledger: options.ledger } : {}),
      }),
      createContinuationPreparer({
        loaded: options.loaded,
        ...(options.continuationIssuer ? { issuer: options.continuationIssuer } : {}),
      }),
    ],
    observers: bridge ? [revokeAtRunEnd] : [],
    ...(bridge ? { bridge } : {}),
    close: async () => bridge?.stop(),
  };
}
