import type { RunEventReader } from "../run-event.js";
import type { RunStore } from "../run-store.js";

/** Where a host's runs are: named in the errors of a store that cannot be read. */
export interface RunStoreLocation {
  /** `"sqlite"` (`<artifacts.dir>/runs.sqlite`) or `"postgres"` (the store shared by every host). */
  engine: "sqlite" | "postgres";
  /** The file, or the database (password hidden) and schema. */
  location: string;
}

/** A host's run store opened for reading, or `store` undefined when no run was ever recorded. */
export interface RunsForReading extends RunStoreLocation {
  store: RunStore | undefined;
  /** Reads a run's events: its JSONL file beside runs.sqlite, or its `run_events` rows. */
  readEvents: RunEventReader;
  /** Closes the store (not a pool the caller passed). Idempotent. */
  close(): Promise<void>;
}
