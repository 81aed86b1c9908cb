import {
  type InteractionBridge,
  type InteractionBridgeOptions,
  startInteractionBridge,
} from "./interaction-bridge.js";

/** A bridge that starts on first use and stops with the app. */
export interface LazyInteractionBridge {
  /** The running bridge, started on the first call. */
  get(): Promise<InteractionBridge>;
  /** Whether it has been started. */
  readonly started: boolean;
  /** Stops it if started. Idempotent. */
  stop(): Promise<void>;
}

/** A {@link LazyInteractionBridge}: nothing listens until a run needs it. */
export function createLazyInteractionBridge(options: InteractionBridgeOptions): LazyInteractionBridge {
  let starting: Promise<InteractionBridge> | undefined;
  return {
    get() {
      starting ??= startInteractionBridge(options).catch((error: unknown) => {
        starting = undefined;
        throw error;
      });
      return starting;
    },
    get started() {
      return starting !== undefined;
    },
    async stop() {
      if (!starting) return;
      const bridge = await starting.catch(() => undefined);
      await bridge?.stop();
    },
  };
}
