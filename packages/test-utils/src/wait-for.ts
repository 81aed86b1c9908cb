/** How long {@link waitFor} polls by default: well above any condition our tests wait on, even on a loaded 2-core CI machine. */
export const WAIT_FOR_DEFAULT_TIMEOUT_MS = 20_000;

/** How often {@link waitFor} probes by default: fast enough that a test never waits long past its condition. */
export const WAIT_FOR_DEFAULT_INTERVAL_MS = 20;

/** What {@link waitFor} waits for and how long. */
export interface WaitForOptions {
  /** Named in the timeout error: "timed out after 20000 ms waiting for <what>". A function is read only then. */
  what: string | (() => string);
  timeoutMs?: number;
  intervalMs?: number;
}

/**
 * Polls `probe` until it returns something other than `undefined` or `false`, and returns that value.
 * A probe that throws is retried (the condition is not met yet). Throws, naming `what`, at the deadline.
 */
export async function waitFor<T>(
  probe: () => T | undefined | false | Promise<T | undefined | false>,
  options: WaitForOptions,
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? WAIT_FOR_DEFAULT_TIMEOUT_MS;
  const intervalMs = options.intervalMs ?? WAIT_FOR_DEFAULT_INTERVAL_MS;
  const deadline = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined && value !== false) return value;
    } catch (error) {
      lastError = error;
    }
    if (Date.now() >= deadline) {
      const what = typeof options.what === "function" ? options.what() : options.what;
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`, { cause: lastError });
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
