import { join } from "node:path";
import type { ToolHistoryWriter } from "../tool-history-writer.js";
import { openToolHistoryStore, type SqliteToolHistoryStore } from "./open-tool-history-store.js";
import { startToolHistoryWriter } from "./start-tool-history-writer.js";
import { toolHistoryFile } from "./tool-history-file.js";

/** An open SQLite sidecar: the store (read side, reset) and the worker-thread writer. */
export interface ToolHistorySidecar {
  /** The sidecar file, {@link toolHistoryFile} of the artifacts folder. */
  readonly file: string;
  readonly store: SqliteToolHistoryStore;
  readonly writer: ToolHistoryWriter;
  /** How many dangling invocations of earlier processes were closed as `interrupted` at start. */
  readonly recoveredAtStart: number;
  /** Drains (bounded), stops the writer, then closes the store. Idempotent. */
  close(): Promise<void>;
}

/**
 * Opens the sidecar of an artifacts folder: store (migrated), crash recovery (dangling invocations of
 * dead or closed writers become `interrupted`, never rerun), one retention pass, then the worker-thread
 * writer. When the store cannot be opened, recovered or maintained, returns `{ error }` instead (a host
 * then runs without SessionHistory); a writer that cannot start throws.
 */
export function openToolHistorySidecar(options: {
  artifactsDir: string;
}): ToolHistorySidecar | { error: Error } {
  const file = toolHistoryFile(options.artifactsDir);
  const toolOutputRoot = join(options.artifactsDir, "tool-output");
  let store: SqliteToolHistoryStore;
  let recoveredAtStart = 0;
  try {
    store = openToolHistoryStore({ file, toolOutputRoot });
    recoveredAtStart = store.recoverInterrupted();
    store.applyRetention();
  } catch (error) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }
  const writer = startToolHistoryWriter({ file, toolOutputRoot });
  let closing: Promise<void> | undefined;
  return {
    file,
    store,
    writer,
    recoveredAtStart,
    close() {
      closing ??= writer.close().finally(() => store.close());
      return closing;
    },
  };
}
