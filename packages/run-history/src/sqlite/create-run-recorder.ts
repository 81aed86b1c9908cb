import type { SecretScanner } from "@mono-agent/evidence";
import { type BoundRunRecordOptions, boundRunText, serializeRunEvent } from "../bound-run-event.js";
import type { RunEvent } from "../run-event.js";
import type { RunEventBatch, RunEventSink } from "../run-event-sink.js";
import { RunHistoryError } from "../run-history-error.js";
import { assertConversationId, assertRunId } from "../run-ids.js";
import {
  RUN_CHECKPOINT_EVERY_EVENTS,
  RUN_CHECKPOINT_INTERVAL_MS,
  RUN_EVENTS_COUNT_CHECKPOINT_MAX_BYTES,
  RUN_EVENTS_MAX_BYTES,
  RUN_RECORD_MAX_STRING_BYTES,
  RUN_SUMMARY_MAX_SERVERS,
  RUN_SUMMARY_MAX_WARNINGS,
} from "../run-record-limits.js";
import type { TerminalRunStatus } from "../run-status.js";
import type { RunOwner, RunProgress, RunStore } from "../run-store.js";
import type { RunPrivateFields, RunUsage, RunWarning } from "../run-summary.js";
import { RunToolTally } from "../tally-run-tools.js";
import { currentRunOwner } from "./process-owner.js";
import { createRunEventsFileSink } from "./run-events-file-sink.js";

/** Options of {@link createRunRecorder}. */
export interface RunRecorderOptions {
  store: RunStore;
  /** Where `run-<runId>.events.jsonl` files are written (`artifacts.dir`), unless `events` is given. */
  artifactsDir?: string;
  /** Where event streams go instead of files (the `run_events` table on PostgreSQL). */
  events?: RunEventSink;
  /** UTF-8 bytes per recorded string; default 4,096. */
  maxStringBytes?: number;
  /** New events that force a checkpoint; default 25. */
  checkpointEveryEvents?: number;
  /** Milliseconds from the first uncheckpointed event to its checkpoint; default 5,000. */
  checkpointIntervalMs?: number;
  /** Replaces secrets found in free text before anything is written. */
  secretScanner?: SecretScanner;
  /** The owner written on runs; default this process ({@link currentRunOwner}). */
  owner?: RunOwner;
  /** Clock in Unix milliseconds; default `Date.now`. */
  now?: () => number;
}

/** What a run is recorded with when it starts; free text is bounded and scanned by the recorder. */
export interface RunRecordingStart {
  runId: string;
  conversationId: string;
  startedAt: Date;
  model: string;
  effort?: string;
  source: string;
  sourceDetail?: string;
  userInput: string;
  privateFields?: RunPrivateFields;
}

/** How a recorded run ended. */
export interface RunRecordingOutcome {
  status: TerminalRunStatus;
  durationMs: number;
  /** The model label the run resolved to, when it differs from the one it started with. */
  model?: string;
  usage: RunUsage;
  mcpServersUsed: readonly string[];
  failureKind?: string;
  error?: string;
  finalOutput?: string;
}

/** One run being recorded. */
export interface RunRecording {
  readonly runId: string;
  /** Event lines kept so far. */
  readonly eventCount: number;
  /** Adds an event; checkpoints after 25 new events or 5 s. Never throws. */
  record(event: RunEvent): void;
  /** Adds a warning to the summary and a `runtime_warning` event. */
  warn(warning: RunWarning): void;
  /**
   * Writes the final events file (with a `run_failure` line for a run that did not succeed) and then
   * settles the summary, after any checkpoint in flight. Throws `recording_failed` when a checkpoint or
   * the final record could not be written (the run itself is not affected).
   */
  finish(outcome: RunRecordingOutcome): Promise<void>;
}

/** Records runs: a summary row in the store and a bounded, redacted events file per run. */
export interface RunRecorder {
  /**
   * Writes an empty events file (atomically), then the `running` summary. Throws `invalid_run_id`,
   * `run_exists`, `store_failed` or `recording_failed`.
   */
  startRun(start: RunRecordingStart): Promise<RunRecording>;
}

function checkPositive(name: string, value: number): number {
  if (!Number.isSafeInteger(value) || value < 1)
    throw new RunHistoryError("invalid_argument", `${name} must be a positive integer; received ${value}.`);
  return value;
}

/**
 * Creates a recorder. Each boundary (start, checkpoint, end) writes the events first (file or table) and the
 * summary second, one boundary at a time, so a crash loses at most the events since the last
 * checkpoint, and a late checkpoint never overwrites a settled summary.
 */
export function createRunRecorder(options: RunRecorderOptions): RunRecorder {
  const bounds: BoundRunRecordOptions = {
    maxStringBytes: checkPositive("maxStringBytes", options.maxStringBytes ?? RUN_RECORD_MAX_STRING_BYTES),
    ...(options.secretScanner ? { secretScanner: options.secretScanner } : {}),
  };
  const everyEvents = checkPositive(
    "checkpointEveryEvents",
    options.checkpointEveryEvents ?? RUN_CHECKPOINT_EVERY_EVENTS,
  );
  const intervalMs = checkPositive(
    "checkpointIntervalMs",
    options.checkpointIntervalMs ?? RUN_CHECKPOINT_INTERVAL_MS,
  );
  const now = options.now ?? Date.now;
  const owner = options.owner ?? currentRunOwner();
  let events = options.events;
  if (events === undefined) {
    if (options.artifactsDir === undefined)
      throw new RunHistoryError("invalid_argument", "createRunRecorder needs artifactsDir or events.");
    events = createRunEventsFileSink(options.artifactsDir);
  }
  const sink = events;
  return {
    async startRun(start) {
      assertRunId(start.runId);
      assertConversationId(start.conversationId);
      try {
        await sink.create(start.runId);
      } catch (error) {
        throw new RunHistoryError(
          "recording_failed",
          `Could not create the events of run ${start.runId}: ${String(error)}`,
          { cause: error },
        );
      }
      await options.store.beginRun({
        runId: start.runId,
        conversationId: start.conversationId,
        startedAtMs: start.startedAt.getTime(),
        model: boundRunText(start.model, bounds),
        ...(start.effort !== undefined ? { effort: boundRunText(start.effort, bounds) } : {}),
        source: boundRunText(start.source, bounds),
        ...(start.sourceDetail !== undefined
          ? { sourceDetail: boundRunText(start.sourceDetail, bounds) }
          : {}),
        userInput: boundRunText(start.userInput, bounds),
        owner,
        ...(start.privateFields ? { privateFields: start.privateFields } : {}),
      });
      return new Recording(start.runId, sink, options.store, bounds, everyEvents, intervalMs, now);
    },
  };
}

class Recording implements RunRecording {
  private readonly lines: string[] = [];
  /** Lines persisted by the writes scheduled so far. */
  private persisted = 0;
  private bytes = 0;
  private dropped = 0;
  private pending = 0;
  private timer: NodeJS.Timeout | undefined;
  private chain: Promise<void> = Promise.resolve();
  private failure: unknown;
  private finished = false;
  private readonly tally = new RunToolTally();
  private readonly toolNames = new Map<string, string>();
  private readonly warnings: RunWarning[] = [];
  private omittedWarnings = 0;

  constructor(
    readonly runId: string,
    private readonly sink: RunEventSink,
    private readonly store: RunStore,
    private readonly bounds: BoundRunRecordOptions,
    private readonly everyEvents: number,
    private readonly intervalMs: number,
    private readonly now: () => number,
  ) {}

  get eventCount(): number {
    return this.lines.length;
  }

  record(event: RunEvent): void {
    if (this.finished) return;
    this.count(event);
    const line = `${serializeRunEvent({ ...event, at: new Date(this.now()).toISOString() }, this.bounds)}\n`;
    const size = Buffer.byteLength(line);
    if (this.bytes + size > RUN_EVENTS_MAX_BYTES - RESERVED_TAIL_BYTES) {
      this.dropped += 1;
      return;
    }
    this.lines.push(line);
    this.bytes += size;
    this.pending += 1;
    if (this.pending >= this.everyEvents && this.bytes <= RUN_EVENTS_COUNT_CHECKPOINT_MAX_BYTES)
      this.checkpoint();
    else if (this.timer === undefined) {
      this.timer = setTimeout(() => this.checkpoint(), this.intervalMs);
      this.timer.unref();
    }
  }

  warn(warning: RunWarning): void {
    if (this.finished) return;
    const bounded: RunWarning = {
      kind: boundRunText(warning.kind, this.bounds),
      message: boundRunText(warning.message, this.bounds),
      ...(warning.serverName !== undefined
        ? { serverName: boundRunText(warning.serverName, this.bounds) }
        : {}),
    };
    if (this.warnings.length < RUN_SUMMARY_MAX_WARNINGS) this.warnings.push(bounded);
    else this.omittedWarnings += 1;
    this.record({
      type: "runtime_warning",
      warning_kind: warning.kind,
      message: warning.message,
      ...(warning.serverName !== undefined ? { server_name: warning.serverName } : {}),
    });
  }

  async finish(outcome: RunRecordingOutcome): Promise<void> {
    if (this.finished) return;
    if (outcome.status !== "succeeded") {
      this.record({
        type: "run_failure",
        failure_kind: outcome.failureKind ?? outcome.status,
        message: outcome.error ?? `The run ended ${outcome.status}.`,
      });
    }
    this.finished = true;
    this.clearTimer();
    const endedAtMs = this.now();
    const completion = {
      ...this.progress(endedAtMs),
      status: outcome.status,
      endedAtMs,
      durationMs: Math.max(0, Math.round(outcome.durationMs)),
      ...(outcome.model !== undefined ? { model: boundRunText(outcome.model, this.bounds) } : {}),
      usage: outcome.usage,
      mcpServersUsed: outcome.mcpServersUsed
        .slice(0, RUN_SUMMARY_MAX_SERVERS)
        .map((name) => boundRunText(name, this.bounds)),
      ...(outcome.failureKind !== undefined
        ? { failureKind: boundRunText(outcome.failureKind, this.bounds) }
        : {}),
      ...(outcome.error !== undefined ? { error: boundRunText(outcome.error, this.bounds) } : {}),
      ...(outcome.finalOutput ? { finalOutput: boundRunText(outcome.finalOutput, this.bounds) } : {}),
    };
    const batch = this.batch(true);
    this.chain = this.chain.then(async () => {
      try {
        await this.sink.write(this.runId, batch);
        await this.store.completeRun(this.runId, completion);
      } catch (error) {
        this.failure ??= error;
      }
    });
    await this.chain;
    if (this.failure !== undefined) {
      const reason = this.failure instanceof Error ? this.failure.message : String(this.failure);
      throw new RunHistoryError("recording_failed", `Run ${this.runId} was not fully recorded: ${reason}`, {
        cause: this.failure,
      });
    }
  }

  private count(event: RunEvent): void {
    if (event.type === "assistant") {
      for (const block of event.message.content)
        if (block.type === "tool_use") this.toolNames.set(block.id, block.name);
    } else if (event.type === "user") {
      for (const block of event.message.content)
        this.tally.add(this.toolNames.get(block.tool_use_id) ?? "(unknown tool)", block.is_error);
    }
  }

  private progress(updatedAtMs: number): RunProgress {
    const warnings = [...this.warnings];
    if (this.omittedWarnings > 0)
      warnings.push({
        kind: "warnings_omitted",
        message: `${this.omittedWarnings} more warnings were not kept.`,
      });
    return {
      updatedAtMs,
      eventCount: this.lines.length + (this.dropped > 0 ? 1 : 0),
      eventsDropped: this.dropped,
      toolCallCount: this.tally.calls,
      toolErrorCount: this.tally.errors,
      tools: this.tally.summary(),
      warnings,
    };
  }

  /** The lines to persist now; past the size cap, a tail line says how many events were not written. */
  private batch(final: boolean): RunEventBatch {
    const batch = { lines: this.lines, count: this.lines.length, persisted: this.persisted, final };
    this.persisted = this.lines.length;
    if (this.dropped === 0) return batch;
    return { ...batch, tail: this.droppedLine() };
  }

  private droppedLine(): string {
    return `${serializeRunEvent(
      {
        type: "runtime_warning",
        warning_kind: "events_dropped",
        message: `${this.dropped} events were not recorded: the events file reached ${RUN_EVENTS_MAX_BYTES} bytes.`,
        at: new Date(this.now()).toISOString(),
      },
      this.bounds,
    )}\n`;
  }

  private checkpoint(): void {
    this.clearTimer();
    if (this.finished || this.pending === 0) return;
    this.pending = 0;
    const batch = this.batch(false);
    const progress = this.progress(this.now());
    this.chain = this.chain.then(async () => {
      try {
        await this.sink.write(this.runId, batch);
        await this.store.checkpointRun(this.runId, progress);
      } catch (error) {
        this.failure ??= error;
      }
    });
  }

  private clearTimer(): void {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
  }
}

/** Bytes kept free below the events-file cap for the final `events_dropped` line. */
const RESERVED_TAIL_BYTES = 1_024;
