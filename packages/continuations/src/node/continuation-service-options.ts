import type { ContinuationChannel, ContinuationSynthesizer } from "../continuation-ports.js";
import type { ContinuationRecord } from "../continuation-record.js";
import type { ContinuationMode } from "../continuation-states.js";
import type { OriginContextSnapshot } from "../origin-context.js";
import type { NamedRoute, ResultResponse } from "./continuation-protocol.js";
import type { ContinuationWorkerHooks } from "./continuation-worker.js";
import type { DetachedService } from "./detached-claim.js";
import type { ContinuationStore } from "./open-continuation-store.js";
import type { RecoveryReport } from "./recover-continuations.js";
import type { RetentionReport } from "./retention-report.js";
import type { RetentionPolicy } from "./sweep-retention.js";
import type { LatestOriginMessages } from "./synthesis-context.js";
import type { TaskHandoffClaim, TaskHandoffRequest } from "./task-handoff.js";

/** Bounds of the service; defaults are `continuations.limits` of reference §7.1. */
export interface ContinuationServiceLimits {
  maxActiveRecords: number;
  maxActivePerOrigin: number;
  maxConcurrent: number;
  synthesisTimeoutMs: number;
  deliveryTimeoutMs: number;
  /** Records one operator API list page returns without `?limit` (1..500). */
  operatorPageSize: number;
}

export type { RetentionReport } from "./retention-report.js";

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

/** Options of `startContinuationService`. */
export interface StartContinuationServiceOptions {
  /** The state directory (created 0700): store, owner lock and secret. */
  stateDir: string;
  /** Loopback host; anything else is refused with `invalid_argument`. Default `127.0.0.1`. */
  host?: string;
  /** TCP port (0 picks a free one, for tests). */
  port: number;
  limits?: Partial<ContinuationServiceLimits>;
  namedRoutes?: Readonly<Record<string, NamedRoute>>;
  /**
   * Services that may claim detached continuations (`POST /v1/continuations/detached/claim`), with
   * their bearers resolved by the host (at least 16 characters; only digests are kept).
   */
  detachedServices?: readonly DetachedService[];
  /**
   * The latest messages of a conversation: the origin context of a detached continuation. Without it
   * (or when it throws or finds nothing) a detached result is delivered with the fixed
   * origin-context-unavailable text.
   */
  latestOriginMessages?: LatestOriginMessages;
  /** Retention of finished records and captured text; defaults are reference §7.1. */
  retention?: Partial<RetentionPolicy>;
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
  /** The 0600 file holding the operator API bearer (`<stateDir>/operator.token`). */
  readonly operatorTokenFile: string;
  /**
   * The last retention sweep of this service (one runs at start, then hourly); a failed one carries
   * `error`. The store keeps it too (`store.lastRetentionSweep()`), for the operator CLI.
   */
  readonly lastRetention: RetentionReport | undefined;
  /** Sweeps retention now (throws when the sweep fails; `lastRetention` then says why). */
  sweepRetention(): RetentionReport;
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
  /**
   * Records an MCP task still working when its run settles as a continuation of that run (see
   * `handOffTask`): the host watches the task and settles the record with its outcome.
   */
  handOffTask(request: TaskHandoffRequest): TaskHandoffClaim;
  /** Handed-off tasks still waiting for their outcome (state `claimed`). */
  taskHandoffs(): ContinuationRecord[];
  /** Accepts a handed-off task's outcome as its result, then wakes the worker (see `settleTaskHandoff`). */
  settleTaskHandoff(
    continuationId: string,
    outcome: { idempotencyKey: string; payload: unknown },
  ): ResultResponse;
  /** Looks for due work now instead of at the next tick. */
  wake(): void;
  /** Stops: new requests get 503, the worker settles, the store and the ownership are released. Idempotent. */
  close(): Promise<void>;
}
