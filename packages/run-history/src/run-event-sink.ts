/** What one write of a run's event stream persists (see {@link RunEventSink.write}). */
export interface RunEventBatch {
  /** Every event line kept so far, in order, each ending with `\n` (append-only: earlier lines never change). */
  readonly lines: readonly string[];
  /** How many of `lines` this write covers (later entries were added after the write was scheduled). */
  readonly count: number;
  /** How many leading lines an earlier write of this run already persisted. */
  readonly persisted: number;
  /** A closing line that is not one of `lines` (the `events_dropped` note), when events were dropped. */
  readonly tail?: string;
  /** True for the run's last write. */
  readonly final: boolean;
}

/**
 * Where the run recorder writes each run's event stream: a JSONL file per run (SQLite mode) or the
 * `run_events` table (PostgreSQL mode). Writes of one run arrive one at a time, in order, batched at the
 * recorder's checkpoints (never one call per event).
 */
export interface RunEventSink {
  /** Prepares an empty stream for a new run, before its summary is written. */
  create(runId: string): Promise<void>;
  /** Persists the lines `[0, count)` of a run (a file rewrites them; a table appends `[persisted, count)`). */
  write(runId: string, batch: RunEventBatch): Promise<void>;
}
