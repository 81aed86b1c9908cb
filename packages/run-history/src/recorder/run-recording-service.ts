import type { SecretScanner } from "@mono-agent/evidence";
import type { PostgresPool } from "@mono-agent/storage/postgres";
import type { RunEventReader } from "../run-event.js";
import type { RunStore } from "../run-store.js";
import type { RunUsage } from "../run-summary.js";
import type { ReconcileReport } from "../sqlite/reconcile-interrupted-runs.js";
import type { RunRetentionReport } from "../sqlite/sweep-run-retention.js";
import type { RecordedWarning, RunRecordingObserver } from "./recorded-run.js";

/** Options of `startRunRecording`: what the host passes from its config and environment. */
export interface StartRunRecordingOptions<TRunEvent> {
  /** `<artifacts.dir>`: `runs.sqlite` and the `run-<runId>.events.jsonl` files live here. */
  artifactsDir: string;
  /** `artifacts.retention`: applied at start and then hourly. */
  retention: { maxAgeDays: number; maxCount: number; dryRun?: boolean };
  /** `runtime.effort`, recorded on every run when set. */
  effort?: string;
  /** The shared PostgreSQL pool (`storage.postgres`, migrations already applied); absent: SQLite. */
  postgres?: PostgresPool;
  /** Replaces the host's secrets in everything recorded. */
  secretScanner: SecretScanner;
  /** The system prompt of a run starting now, kept as a private field; a failure records none. */
  systemPrompt: () => Promise<string | undefined>;
  /** The warning to record for one of the host's run events, or undefined for an event that is none. */
  warningOf: (event: TRunEvent) => RecordedWarning | undefined;
}

/** A delivered continuation, as {@link RunRecordingService.recordContinuationDelivery} records it. */
export interface ContinuationDeliveryRun {
  /** The delivery id (`continuation-<continuationId>`): the run id of the record and of its messages. */
  runId: string;
  conversationId: string;
  serverName: string;
  originRunId: string;
  /** The synthesis model (`runtime.model`). */
  model: string;
  /** The delivered text. */
  text: string;
  /** What the synthesis turn that wrote `text` cost (tokens and USD); zero when not reported. */
  usage?: RunUsage;
  startedAt: Date;
}

/** Run recording of one host: the observer composed into every run, and the store behind it. */
export interface RunRecordingService<TRunEvent = unknown> {
  readonly observer: RunRecordingObserver<TRunEvent>;
  /** `<artifacts.dir>/runs.sqlite`, or the shared PostgreSQL run store with `postgres`. */
  readonly store: RunStore;
  /** Reads a run's events: its JSONL file, or its `run_events` rows on PostgreSQL. */
  readonly readEvents: RunEventReader;
  /** What reconciliation found at start. */
  readonly reconciled: ReconcileReport;
  /** The last retention sweep (or, with `retention.dryRun`, what it would remove). */
  readonly lastRetention: RunRetentionReport | undefined;
  /** Why the last retention sweep failed, when it did (runs are still recorded). */
  readonly lastRetentionError: unknown;
  /**
   * Records a delivered continuation as a settled run (`source: "continuation"`), so `mono-agent runs`
   * and RunHistory show it beside the runs of its conversation. Idempotent per `runId`: a repeat after
   * a crash finds the run and writes nothing. Throws when the store cannot be written.
   */
  recordContinuationDelivery(delivery: ContinuationDeliveryRun): Promise<void>;
  /** Stops the hourly sweep, waits for one in progress, closes the store. Idempotent. */
  close(): Promise<void>;
}
