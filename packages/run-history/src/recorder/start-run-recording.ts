import { RETENTION_SWEEP_INTERVAL_MS } from "../run-record-limits.js";
import { createRunRecorder } from "../sqlite/create-run-recorder.js";
import { type ReconcileReport, reconcileInterruptedRuns } from "../sqlite/reconcile-interrupted-runs.js";
import { type RunRetentionReport, sweepRunRetention } from "../sqlite/sweep-run-retention.js";
import { createRunRecordingObserver } from "./create-run-recording-observer.js";
import { openRecordingStore } from "./open-recording-store.js";
import type {
  ContinuationDeliveryRun,
  RunRecordingService,
  StartRunRecordingOptions,
} from "./run-recording-service.js";

/**
 * Opens the run store (`<artifactsDir>/runs.sqlite`, or with `postgres` the store shared by every host),
 * marks runs of dead processes of this host `interrupted` (`process_death`; another host's runs are never
 * touched), applies `retention` once and then hourly (timer unref'd), and returns the observer that
 * records every run: a summary row and its events (`run-<runId>.events.jsonl`, or `run_events` rows).
 * Throws `store_failed` when the store cannot be opened.
 */
export async function startRunRecording<TRunEvent>(
  options: StartRunRecordingOptions<TRunEvent>,
): Promise<RunRecordingService<TRunEvent>> {
  const { artifactsDir, retention } = options;
  const { store, events, readEvents } = await openRecordingStore(artifactsDir, options.postgres);
  const reconciled = await reconcileInterruptedRuns({ store, artifactsDir }).catch(
    (): ReconcileReport => ({ interrupted: [], live: 0 }),
  );
  const recorder = createRunRecorder({ store, events, secretScanner: options.secretScanner });
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
    observer: createRunRecordingObserver(recorder, options),
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
