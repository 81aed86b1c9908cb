import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { createSecretScanner, type SecretScanner } from "@mono-agent/evidence";
import { describeAsk } from "@mono-agent/interaction";
import {
  RETENTION_SWEEP_INTERVAL_MS,
  type RunEventReader,
  type RunEventSink,
  type RunStore,
  type RunUsage,
} from "@mono-agent/run-history";
import {
  createRunEventReader,
  createRunEventsFileSink,
  createRunRecorder,
  openRunStore,
  type ReconcileReport,
  type RunRecording,
  type RunRetentionReport,
  reconcileInterruptedRuns,
  runStoreFile,
  sweepRunRetention,
} from "@mono-agent/run-history/sqlite";
import type { PostgresPool } from "@mono-agent/storage/postgres";
import type { RunObserver } from "./run-observer.js";
import { createRunRecordEventMapper } from "./run-record-events.js";
import { readSystemPrompt } from "./system-prompt.js";

/** Run recording of one app: the observer composed into every run, and the store behind it. */
export interface RunRecordingService {
  readonly observer: RunObserver;
  /** `<artifacts.dir>/runs.sqlite`, or the shared PostgreSQL run store with `storage.postgres`. */
  readonly store: RunStore;
  /** Reads a run's events: its JSONL file, or its `run_events` rows on PostgreSQL. */
  readonly readEvents: RunEventReader;
  /** What reconciliation found at start. */
  readonly reconciled: ReconcileReport;
  /** The last retention sweep (or, with `artifacts.retention.dryRun`, what it would remove). */
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

/** The run store file of an agent: `<artifacts.dir>/runs.sqlite`. */
export function agentRunStoreFile(loaded: LoadedConfig): string {
  return runStoreFile(loaded.artifactsDir);
}

function channelOf(conversationId: string): string {
  return conversationId.slice(0, Math.max(0, conversationId.indexOf(":"))) || "api";
}

/** The run store of a host and where its events go: files beside runs.sqlite, or the shared database. */
async function openRecordingStore(
  loaded: LoadedConfig,
  postgres: PostgresPool | undefined,
): Promise<{ store: RunStore; events: RunEventSink; readEvents: RunEventReader }> {
  if (postgres === undefined)
    return {
      store: openRunStore({ file: agentRunStoreFile(loaded) }),
      events: createRunEventsFileSink(loaded.artifactsDir),
      readEvents: createRunEventReader(loaded.artifactsDir),
    };
  // Loaded only by a host on PostgreSQL (its migrations were applied by openAgentStorage).
  const { createPostgresRunEventReader, createPostgresRunEventSink, openPostgresRunStore } = await import(
    "@mono-agent/run-history/postgres"
  );
  return {
    store: openPostgresRunStore({ postgres }),
    events: createPostgresRunEventSink(postgres),
    readEvents: createPostgresRunEventReader(postgres),
  };
}

/**
 * Opens the run store (`<artifacts.dir>/runs.sqlite`, or with `postgres` the store shared by every host),
 * marks runs of dead processes of this host `interrupted` (`process_death`; another host's runs are never
 * touched), applies `artifacts.retention` once and then hourly (timer unref'd), and returns the observer
 * that records every run: a summary row and its events (`run-<runId>.events.jsonl`, or `run_events` rows).
 * Throws `store_failed` when the store cannot be opened.
 */
export async function startRunRecording(
  loaded: LoadedConfig,
  env: EnvRecord,
  secretScanner: SecretScanner = createSecretScanner({ env }),
  postgres?: PostgresPool,
): Promise<RunRecordingService> {
  const { artifactsDir } = loaded;
  const { store, events, readEvents } = await openRecordingStore(loaded, postgres);
  const reconciled = await reconcileInterruptedRuns({ store, artifactsDir }).catch(
    (): ReconcileReport => ({ interrupted: [], live: 0 }),
  );
  const recorder = createRunRecorder({ store, events, secretScanner });
  const retention = loaded.config.artifacts.retention;
  let lastRetention: RunRetentionReport | undefined;
  let lastRetentionError: unknown;
  let sweeping: Promise<void> | undefined;
  const sweep = () => {
    sweeping ??= sweepRunRetention({ store, artifactsDir, ...retention })
      .then(
        (report) => {
          lastRetention = report;
          lastRetentionError = undefined;
        },
        (error: unknown) => {
          lastRetentionError = error;
        },
      )
      .finally(() => {
        sweeping = undefined;
      });
    return sweeping;
  };
  await sweep();
  const timer = setInterval(() => void sweep(), RETENTION_SWEEP_INTERVAL_MS);
  timer.unref();

  const recordings = new Map<
    string,
    { recording: RunRecording; map: ReturnType<typeof createRunRecordEventMapper> }
  >();
  const observer: RunObserver = {
    async onRunStart(info) {
      const systemPrompt = await readSystemPrompt(loaded.instructionsPath).catch(() => undefined);
      const recording = await recorder.startRun({
        runId: info.runId,
        conversationId: info.conversationId,
        startedAt: info.startedAt,
        model: info.modelRef,
        ...(loaded.config.runtime.effort !== undefined ? { effort: loaded.config.runtime.effort } : {}),
        source: info.request.source ?? channelOf(info.conversationId),
        userInput: info.request.input,
        ...(systemPrompt !== undefined ? { privateFields: { systemPrompt } } : {}),
      });
      recordings.set(info.runId, { recording, map: createRunRecordEventMapper() });
    },
    onAgentEvent(info, event) {
      const entry = recordings.get(info.runId);
      if (entry) for (const recorded of entry.map(event)) entry.recording.record(recorded);
    },
    onRunEvent(info, event) {
      // An ask is recorded as what it was (asked, then answered by whom with what, expired or cancelled),
      // as a runtime event of kind ask_<status>; the recorder redacts and bounds it like everything else.
      if (event.type === "ask") {
        recordings
          .get(info.runId)
          ?.recording.warn({ kind: `ask_${event.status}`, message: describeAsk(event) });
        return;
      }
      if (event.type !== "warning") return;
      recordings.get(info.runId)?.recording.warn({
        kind: event.kind,
        message: event.message,
        ...(event.serverName !== undefined ? { serverName: event.serverName } : {}),
      });
    },
    async onRunEnd(info, result) {
      const entry = recordings.get(info.runId);
      if (!entry) return;
      recordings.delete(info.runId);
      await entry.recording.finish({
        status: result.status,
        durationMs: result.durationMs,
        usage: {
          inputTokens: result.usage.input,
          outputTokens: result.usage.output,
          totalTokens: result.usage.totalTokens,
          costUsd: result.usage.costUsd,
        },
        mcpServersUsed: result.mcpServersUsed,
        ...(result.error ? { failureKind: result.error.kind, error: result.error.message } : {}),
        ...(result.finalText ? { finalOutput: result.finalText } : {}),
      });
    },
  };
  const recordContinuationDelivery = async (delivery: ContinuationDeliveryRun) => {
    if ((await store.getRun(delivery.runId)) !== undefined) return;
    const recording = await recorder.startRun({
      runId: delivery.runId,
      conversationId: delivery.conversationId,
      startedAt: delivery.startedAt,
      model: delivery.model,
      source: "continuation",
      sourceDetail: delivery.serverName,
      userInput: `Result of ${delivery.serverName} for run ${delivery.originRunId}`,
    });
    recording.record({ type: "assistant", message: { content: [{ type: "text", text: delivery.text }] } });
    await recording.finish({
      status: "succeeded",
      durationMs: Math.max(0, Date.now() - delivery.startedAt.getTime()),
      usage: delivery.usage ?? { inputTokens: 0, outputTokens: 0, totalTokens: 0, costUsd: 0 },
      mcpServersUsed: [],
      finalOutput: delivery.text,
    });
  };
  let closed = false;
  return {
    observer,
    store,
    readEvents,
    reconciled,
    recordContinuationDelivery,
    get lastRetention() {
      return lastRetention;
    },
    get lastRetentionError() {
      return lastRetentionError;
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      await sweeping;
      await store.close();
    },
  };
}
