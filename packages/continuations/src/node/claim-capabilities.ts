import { CLAIM_CAPABILITY_TTL_MS } from "../continuation-limits.js";
import { type ClaimBinding, claimFingerprint, randomClaimToken, tokenDigest } from "./continuation-tokens.js";

/** A live claim capability, as the service keeps it (only the token's digest). */
export interface LiveCapability {
  binding: ClaimBinding;
  fingerprint: string;
  expiresAtMs: number;
  open: boolean;
  /** Claim requests of this capability being handled right now. */
  inFlight: number;
}

/**
 * The in-memory registry of claim capabilities. A capability is usable while it is open and not
 * expired; closing a run's capabilities waits for their in-flight claims (close + drain).
 */
export class ClaimCapabilities {
  readonly #byDigest = new Map<string, LiveCapability>();
  readonly #byRun = new Map<string, Set<string>>();
  readonly #drainWaiters = new Set<() => void>();

  constructor(private readonly ttlMs: number = CLAIM_CAPABILITY_TTL_MS) {}

  issue(binding: ClaimBinding, now: number): { token: string; fingerprint: string; release(): void } {
    const token = randomClaimToken();
    const digest = tokenDigest(token);
    const fingerprint = claimFingerprint(binding);
    this.#byDigest.set(digest, {
      binding,
      fingerprint,
      expiresAtMs: now + this.ttlMs,
      open: true,
      inFlight: 0,
    });
    const run = this.#byRun.get(binding.runId) ?? new Set<string>();
    run.add(digest);
    this.#byRun.set(binding.runId, run);
    return { token, fingerprint, release: () => this.#release(digest) };
  }

  /** The open capability of a bearer, or undefined (unknown, expired, closed or released). */
  lookup(token: string, now: number): LiveCapability | undefined {
    const capability = this.#byDigest.get(tokenDigest(token));
    if (!capability?.open || capability.expiresAtMs <= now) return undefined;
    return capability;
  }

  /** Runs `work` as one in-flight claim of `capability`, so closing its run waits for it. */
  async track<T>(capability: LiveCapability, work: () => Promise<T>): Promise<T> {
    capability.inFlight++;
    try {
      return await work();
    } finally {
      capability.inFlight--;
      for (const wake of [...this.#drainWaiters]) wake();
    }
  }

  /** Closes a run's capabilities to new claims and waits until none of them has a claim in flight. */
  async closeRun(runId: string): Promise<void> {
    const digests = [...(this.#byRun.get(runId) ?? [])];
    const capabilities = digests
      .map((digest) => this.#byDigest.get(digest))
      .filter((value) => value !== undefined);
    for (const capability of capabilities) capability.open = false;
    while (capabilities.some((capability) => capability.inFlight > 0)) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.#drainWaiters.delete(wake);
          resolve();
        };
        this.#drainWaiters.add(wake);
      });
    }
  }

  /** Forgets every capability (service stop). */
  clear(): void {
    this.#byDigest.clear();
    this.#byRun.clear();
  }

  #release(digest: string): void {
    const capability = this.#byDigest.get(digest);
    if (!capability) return;
    capability.open = false;
    if (capability.inFlight > 0) return;
    this.#byDigest.delete(digest);
    const run = this.#byRun.get(capability.binding.runId);
    run?.delete(digest);
    if (run?.size === 0) this.#byRun.delete(capability.binding.runId);
  }
}
