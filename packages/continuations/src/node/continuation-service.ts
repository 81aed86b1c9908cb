import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { canonicalJson } from "../canonical-json.js";
import { ContinuationError } from "../continuation-error.js";
import { WORKER_TICK_MS } from "../continuation-limits.js";
import type { ContinuationChannel, ContinuationSynthesizer } from "../continuation-ports.js";
import type { ContinuationMode } from "../continuation-states.js";
import type { OriginContextSnapshot } from "../origin-context.js";
import { ClaimCapabilities } from "./claim-capabilities.js";
import { createContinuationHttpHandler } from "./continuation-http-handler.js";
import type { NamedRoute } from "./continuation-protocol.js";
import { tokenDigest } from "./continuation-tokens.js";
import { ContinuationWorker, type ContinuationWorkerHooks } from "./continuation-worker.js";
import { openContinuationStore, type ContinuationStore } from "./open-continuation-store.js";
import { acquireOwnerLock } from "./owner-lock.js";
import { type RecoveryReport, recoverContinuations } from "./recover-continuations.js";
import { ensureStateDir, readStateSecret } from "./state-dir.js";

/** Hosts the service may listen on: loopback only (the bearer tokens are not a network boundary). */
export const CONTINUATION_SERVICE_HOSTS = ["127.0.0.1", "localhost", "::1"] as const;

/** Bounds of the service; defaults are `continuations.limits` of reference §7.1. */
export interface ContinuationServiceLimits {
  maxActiveRecords: number;
  maxActivePerOrigin: number;
  maxConcurrent: number;
  synthesisTimeoutMs: number;
  deliveryTimeoutMs: number;
}

const DEFAULT_LIMITS: ContinuationServiceLimits = {
  maxActiveRecords: 10_000,
  maxActivePerOrigin: 500,
  maxConcurrent: 16,
  synthesisTimeoutMs: 600_000,
  deliveryTimeoutMs: 120_000,
};

/** What the claim overlay asks for, once per selected server and run (mcp-env's issuer request). */
export interface ContinuationCapabilityRequest {
  runId: string;
  serverName: string;
  conversationId: string;
  replyTo?: string;
  historyBoundary: string;
}

/** A claim capability as the overlay injects it. */
export interface IssuedContinuationCapability {
  url: string;
  token: string;
  fingerprint: string;
  mode: ContinuationMode;
  release(): void;
}

/** Options of {@link startContinuationService}. */
export interface StartContinuationServiceOptions {
  /** The state directory (created 0700): store, owner lock and secret. */
  stateDir: string;
  /** Loopback host; anything else is refused with `invalid_argument`. Default `127.0.0.1`. */
  host?: string;
  /** TCP port (0 picks a free one, for tests). */
  port: number;
  limits?: Partial<ContinuationServiceLimits>;
  namedRoutes?: Readonly<Record<string, NamedRoute>>;
  synthesizer: ContinuationSynthesizer;
  channel: ContinuationChannel;
  /** Whether an origin run's messages were committed (recovery of contexts left pending). */
  isOriginCommitted?: (originRunId: string) => boolean | Promise<boolean>;
  now?: () => number;
  /** Test-only pause points. */
  hooks?: ContinuationWorkerHooks;
  onError?: (error: unknown) => void;
}

/** The running service: claim/result/status endpoints, worker, issuer and origin-context lifecycle. */
export interface ContinuationService {
  /** `http://<host>:<port>` */
  readonly url: string;
  readonly store: ContinuationStore;
  /** What start-up recovery did. */
  readonly recovery: RecoveryReport;
  /** Issues a claim capability bound to run, server, origin conversation, reply target, boundary and mode. */
  issue(request: ContinuationCapabilityRequest): IssuedContinuationCapability;
  /**
   * Closes the run's capabilities to new claims and waits for claims in flight (close + drain), then
   * returns how many continuations the run claimed.
   */
  closeRunClaims(runId: string): Promise<number>;
  /** Stores the run's origin-context snapshot (before the run commits); its records stay `pending`. */
  finalizeOriginContext(runId: string, snapshot: OriginContextSnapshot): void;
  /** After the run committed: its records' origin context becomes `pinned` (or `abandoned` if never finalized). */
  activateOriginContext(runId: string): void;
  /** The run failed before committing: its records' origin context becomes `abandoned`. */
  abandonOriginContext(runId: string): void;
  /** Looks for due work now instead of at the next tick. */
  wake(): void;
  /** Stops: new requests get 503, the worker settles, the store and the ownership are released. Idempotent. */
  close(): Promise<void>;
}

function assertLoopbackHost(host: string): void {
  if (!(CONTINUATION_SERVICE_HOSTS as readonly string[]).includes(host))
    throw new ContinuationError(
      "invalid_argument",
      `continuations.host "${host}" is not loopback; use one of ${CONTINUATION_SERVICE_HOSTS.join(", ")}`,
    );
}

/**
 * Starts the continuation service: takes the store's ownership (`store_locked` if another process
 * has it), opens the store, recovers records left in flight, listens on loopback, and starts the
 * worker (one tick per second, and at once after each accepted result).
 */
export async function startContinuationService(
  options: StartContinuationServiceOptions,
): Promise<ContinuationService> {
  const host = options.host ?? "127.0.0.1";
  assertLoopbackHost(host);
  if (!Number.isInteger(options.port) || options.port < 0 || options.port > 65_535)
    throw new ContinuationError("invalid_argument", `port must be 0..65535; received ${options.port}`);
  const limits = { ...DEFAULT_LIMITS, ...options.limits };
  const now = options.now ?? Date.now;
  ensureStateDir(options.stateDir);
  const lock = acquireOwnerLock(options.stateDir);
  let store: ContinuationStore | undefined;
  let server: Server | undefined;
  try {
    store = openContinuationStore({ stateDir: options.stateDir });
    const secret = readStateSecret(options.stateDir);
    const recovery = await recoverContinuations({
      store,
      channel: options.channel,
      now: now(),
      ...(options.isOriginCommitted ? { isOriginCommitted: options.isOriginCommitted } : {}),
    });
    const capabilities = new ClaimCapabilities();
    const worker = new ContinuationWorker({
      store,
      synthesizer: options.synthesizer,
      channel: options.channel,
      owner: `service:${process.pid}:${randomUUID()}`,
      now,
      maxConcurrent: limits.maxConcurrent,
      synthesisTimeoutMs: limits.synthesisTimeoutMs,
      deliveryTimeoutMs: limits.deliveryTimeoutMs,
      ...(options.hooks ? { hooks: options.hooks } : {}),
      ...(options.onError ? { onError: options.onError } : {}),
    });
    let stopping = false;
    let baseUrl = "";
    const openStore = store;
    const handler = createContinuationHttpHandler({
      store: openStore,
      secret,
      get baseUrl() {
        return baseUrl;
      },
      namedRoutes: options.namedRoutes ?? {},
      maxActiveRecords: limits.maxActiveRecords,
      maxActivePerOrigin: limits.maxActivePerOrigin,
      capabilities,
      now,
      isStopping: () => stopping,
      onResult: () => worker.tick(),
    });
    const listening = createServer(handler);
    server = listening;
    await new Promise<void>((resolve, reject) => {
      listening.once("error", reject);
      listening.listen(options.port, host, () => resolve());
    });
    const address = listening.address() as AddressInfo;
    baseUrl = `http://${address.family === "IPv6" ? `[${address.address}]` : address.address}:${address.port}`;
    const timer = setInterval(() => worker.tick(), WORKER_TICK_MS);
    timer.unref();
    setImmediate(() => worker.tick());
    const setOrigin = (runId: string, patch: (hash: string | undefined) => Record<string, unknown>) => {
      for (const record of openStore.recordsOfRun(runId)) {
        if (record.originContextState !== "pending") continue;
        openStore.update(record.continuationId, [record.state], patch(record.originContextHash), {
          now: Number.MAX_SAFE_INTEGER,
        });
      }
    };
    let closed: Promise<void> | undefined;
    return {
      get url() {
        return baseUrl;
      },
      store: openStore,
      recovery,
      issue(request) {
        const binding = {
          serverName: request.serverName,
          runId: request.runId,
          originConversationId: request.conversationId,
          replyTo: request.replyTo ?? request.conversationId,
          historyBoundary: request.historyBoundary,
          mode: "reply" as const,
        };
        const issued = capabilities.issue(binding, now());
        return {
          url: `${baseUrl}/v1/continuations/claim`,
          token: issued.token,
          fingerprint: issued.fingerprint,
          mode: binding.mode,
          release: issued.release,
        };
      },
      async closeRunClaims(runId) {
        await capabilities.closeRun(runId);
        return openStore.recordsOfRun(runId).length;
      },
      finalizeOriginContext(runId, snapshot) {
        const hash = tokenDigest(canonicalJson(snapshot));
        openStore.putOriginContext(hash, snapshot, now());
        setOrigin(runId, () => ({ originContextHash: hash }));
      },
      activateOriginContext(runId) {
        setOrigin(runId, (hash) => ({ originContextState: hash ? "pinned" : "abandoned" }));
        worker.tick();
      },
      abandonOriginContext(runId) {
        setOrigin(runId, () => ({ originContextState: "abandoned" }));
        worker.tick();
      },
      wake: () => worker.tick(),
      close() {
        closed ??= (async () => {
          stopping = true;
          clearInterval(timer);
          capabilities.clear();
          await worker.stop();
          await new Promise<void>((resolve) => listening.close(() => resolve()));
          listening.closeAllConnections();
          openStore.close();
          lock.release();
        })();
        return closed;
      },
    };
  } catch (error) {
    server?.close();
    store?.close();
    lock.release();
    throw error;
  }
}
