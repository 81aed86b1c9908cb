/** Options of {@link CircuitBreaker}. */
export interface CircuitBreakerOptions {
  /** Consecutive failures that open the breaker. */
  failureThreshold: number;
  /** How long an open breaker refuses calls before it lets one trial call through. */
  cooldownMs: number;
  now?: () => number;
}

/**
 * A consecutive-failure circuit breaker: closed -> open after `failureThreshold` failures in a row;
 * open refuses calls for `cooldownMs`, then lets calls through again (half-open); one success closes it,
 * one failure re-opens it for another cooldown.
 */
export class CircuitBreaker {
  private failures = 0;
  private openedAt: number | undefined;
  private lastError: string | undefined;
  private readonly now: () => number;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.now = options.now ?? Date.now;
  }

  /** `closed`, `open` (refusing) or `half-open` (cooldown over, the next call is a trial). */
  get state(): "closed" | "open" | "half-open" {
    if (this.openedAt === undefined) return "closed";
    return this.now() - this.openedAt >= this.options.cooldownMs ? "half-open" : "open";
  }

  /** Why the breaker is open (the last failure), for a degraded result. */
  get reason(): string | undefined {
    return this.lastError;
  }

  /** Milliseconds until an open breaker lets a trial call through (0 when it would now). */
  get retryInMs(): number {
    if (this.openedAt === undefined) return 0;
    return Math.max(0, this.options.cooldownMs - (this.now() - this.openedAt));
  }

  /** Runs `call` unless the breaker is open; records its success or failure. */
  async run<T>(call: () => Promise<T>): Promise<T> {
    if (this.state === "open") throw new CircuitOpenError(this.lastError ?? "the endpoint failed");
    try {
      const result = await call();
      this.failures = 0;
      this.openedAt = undefined;
      this.lastError = undefined;
      return result;
    } catch (error) {
      this.failures += 1;
      this.lastError = error instanceof Error ? error.message : String(error);
      if (this.failures >= this.options.failureThreshold || this.openedAt !== undefined)
        this.openedAt = this.now();
      throw error;
    }
  }
}

/** Thrown by {@link CircuitBreaker.run} while the breaker is open; nothing was called. */
export class CircuitOpenError extends Error {
  constructor(readonly lastFailure: string) {
    super(`the embeddings endpoint is paused after repeated failures (last: ${lastFailure})`);
    this.name = "CircuitOpenError";
  }
}
