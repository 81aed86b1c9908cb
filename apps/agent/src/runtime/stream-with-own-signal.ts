import type { StreamFn } from "@earendil-works/pi-agent-core";

/**
 * Wraps pi's model stream so each model call gets its own AbortController, linked to the run's signal
 * and unlinked when the call's stream settles. pi-agent-core hands one signal to every model call of a
 * run, and provider SDKs (openai's `fetchWithTimeout`, for one) add an `abort` listener to it that they
 * never remove: after 10 model calls Node warned `MaxListenersExceededWarning ... 11 abort listeners`,
 * and every finished call stayed reachable from the run's signal until the run ended.
 */
export function streamWithOwnSignal(stream: StreamFn): StreamFn {
  return async (model, context, options) => {
    const runSignal = options?.signal;
    if (runSignal === undefined || runSignal.aborted) return stream(model, context, options);
    const controller = new AbortController();
    const abort = () => controller.abort(runSignal.reason);
    const unlink = () => runSignal.removeEventListener("abort", abort);
    runSignal.addEventListener("abort", abort, { once: true });
    try {
      const events = await stream(model, context, { ...options, signal: controller.signal });
      events.result().then(unlink, unlink);
      return events;
    } catch (error) {
      unlink();
      throw error;
    }
  };
}
