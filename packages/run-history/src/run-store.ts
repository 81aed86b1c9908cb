import type { RunSearchFields, SettledRunSearchFields } from "./history-search-fields.js";
import type { RunStatus, TerminalRunStatus } from "./run-status.js";
import type { RunPrivateFields, RunSummary, RunToolCount, RunUsage, RunWarning } from "./run-summary.js";

/**
 * The process that owns a `running` run. `startToken` tells a live process from a later one that
 * reuses its pid (on Linux: boot id and the process start time from `/proc`).
 */
export interface RunOwner {
  pid: number;
  startToken: string;
  host: string;
}

/** A new run, recorded as `running`. Text fields are bounded and redacted by the recorder. */
export interface RunStart {
  runId: string;
  conversationId: string;
  startedAtMs: number;
  model: string;
  effort?: string;
  source: string;
  sourceDetail?: string;
  userInput: string;
  owner: RunOwner;
  privateFields?: RunPrivateFields;
}

/** What a checkpoint of a running run updates. */
export interface RunProgress {
  updatedAtMs: number;
  eventCount: number;
  eventsDropped: number;
  toolCallCount: number;
  toolErrorCount: number;
  tools: RunToolCount[];
  warnings: RunWarning[];
}

/** The terminal record of a run. */
export interface RunCompletion extends RunProgress {
  status: TerminalRunStatus;
  endedAtMs: number;
  durationMs: number;
  model?: string;
  usage: RunUsage;
  mcpServersUsed: string[];
  failureKind?: string;
  error?: string;
  finalOutput?: string;
}

/** Filters and paging of {@link RunStore.listRuns}; results are newest first (`updatedAt`, then run id). */
export interface ListRunsQuery {
  /** Only runs of this exact (physical) conversation id. */
  conversationId?: string;
  /** Only runs of this logical conversation: every `#YYYY-MM-DD` bucket of it. */
  logicalConversationId?: string;
  /** Only runs with one of these statuses. */
  statuses?: readonly RunStatus[];
  /** Leave these runs out (the current run of a RunHistory call). */
  excludeRunIds?: readonly string[];
  /** 1..1,000, default 50. */
  limit?: number;
  /** Keyset paging: start after this run (it must be in the filtered set, else `unknown_anchor`). */
  afterRunId?: string;
}

/** One page of runs. */
export interface RunPage {
  runs: RunSummary[];
  /** True when more runs follow; pass the last run's id as `afterRunId`. */
  hasMore: boolean;
}

/** A `running` run with its owner, for reconciliation and health checks. */
export interface RunningRun {
  runId: string;
  owner: RunOwner;
  startedAtMs: number;
  updatedAtMs: number;
}

/**
 * Where a reader of {@link RunStore.readSettledRunsSince} stands: the store's counters of settled and of
 * deleted runs at its last read. Pass it back unchanged as `after`.
 */
export interface SettledRunsPosition {
  /** Runs settled so far (each settled run is numbered in settle order). */
  readonly settled: number;
  /** Runs deleted so far. */
  readonly deleted: number;
}

/** What {@link RunStore.readSettledRunsSince} reads: one conversation (or logical conversation). */
export interface SettledRunsQuery extends Pick<ListRunsQuery, "conversationId" | "logicalConversationId"> {
  /** The position of an earlier read of the same conversation; without it, every settled run is read. */
  after?: SettledRunsPosition;
}

/** The settled runs of one conversation that a reader has not seen yet. */
export interface SettledRunsSince {
  /** Pass as `after` next time. */
  position: SettledRunsPosition;
  /**
   * The runs of the conversation that settled after `after` (without `after`: every settled run, oldest
   * first by `updatedAt` then run id, at most 1,000,000). A run appears in one read only.
   */
  runs: SettledRunSearchFields[];
  /**
   * Set when runs were deleted since `after`: the id of every settled run of the conversation now. A
   * reader drops the runs it kept that are not among them.
   */
  remainingRunIds?: string[];
}

/** What a retention pass selects: runs started before `startedBeforeMs`, and runs past the newest `keepNewest`. */
export interface RetentionSelection {
  startedBeforeMs: number;
  keepNewest: number;
  /** Most run ids returned. */
  limit: number;
}

/**
 * The run store: one summary row per run, private fields apart. Asynchronous so that a store on
 * another machine (PostgreSQL) fits the same interface; the SQLite store answers synchronously inside.
 * A `running` run is never deleted, and a settled run never goes back to `running`.
 */
export interface RunStore {
  /** Records a new `running` run. Throws `run_exists` for a known id. */
  beginRun(start: RunStart): Promise<void>;
  /** Updates a `running` run; false when the run is unknown or already settled (nothing changes). */
  checkpointRun(runId: string, progress: RunProgress): Promise<boolean>;
  /** Settles a `running` run; false when the run is unknown or already settled (nothing changes). */
  completeRun(runId: string, completion: RunCompletion): Promise<boolean>;
  /** One run's summary. */
  getRun(runId: string): Promise<RunSummary | undefined>;
  /** One run's private fields: for the host itself, never for a model-facing projection. */
  getRunPrivateFields(runId: string): Promise<RunPrivateFields | undefined>;
  listRuns(query?: ListRunsQuery): Promise<RunPage>;
  /**
   * The search fields of runs matching the filters of a list query, newest first, at most `limit`
   * (1..1,000,000, default 1,000,000; `afterRunId` ignored): what one RunHistory search scans.
   */
  scanRunSearchFields(query?: Omit<ListRunsQuery, "afterRunId">): Promise<RunSearchFields[]>;
  /**
   * Ids of every run of one conversation (or logical conversation), newest first, whatever their status:
   * an index-only read, so a RunHistory search can find the runs it has not seen yet.
   */
  listRunIds(query: Pick<ListRunsQuery, "conversationId" | "logicalConversationId">): Promise<string[]>;
  /** The search fields of these runs (at most 1,000 ids; unknown ids are left out), in no particular order. */
  getRunSearchFields(runIds: readonly string[]): Promise<RunSearchFields[]>;
  /**
   * The settled runs of one conversation since an earlier read (every settled run on the first read), and
   * the ids still present when runs were deleted since: what keeps a search cache current without reading
   * the whole conversation on every call. Undefined when this store cannot tell what changed (a read-only
   * SQLite file of an older schema): read with {@link RunStore.listRunIds} and
   * {@link RunStore.getRunSearchFields} then.
   */
  readSettledRunsSince(query: SettledRunsQuery): Promise<SettledRunsSince | undefined>;
  /** Runs matching the filters of a list query (paging ignored). */
  countRuns(query?: Omit<ListRunsQuery, "limit" | "afterRunId">): Promise<number>;
  /** `running` runs with their owners, oldest first, at most `limit` (default 1,000). */
  listRunningRuns(limit?: number): Promise<RunningRun[]>;
  /** Marks these runs `interrupted` if they are still `running`; returns the ids it changed. */
  markInterrupted(
    runIds: readonly string[],
    fields: { failureKind: string; error: string; nowMs: number },
  ): Promise<string[]>;
  /** Settled runs a retention pass would remove, oldest first. */
  selectForRetention(selection: RetentionSelection): Promise<string[]>;
  /** Deletes settled runs (rows and private fields); `running` ones are skipped. Returns the ids deleted. */
  deleteRuns(runIds: readonly string[]): Promise<string[]>;
  close(): Promise<void>;
}
