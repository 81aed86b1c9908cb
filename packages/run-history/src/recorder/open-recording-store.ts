import type { PostgresPool } from "@mono-agent/storage/postgres";
import type { RunEventReader } from "../run-event.js";
import type { RunEventSink } from "../run-event-sink.js";
import type { RunStore } from "../run-store.js";
import { openRunStore } from "../sqlite/open-run-store.js";
import { runStoreFile } from "../sqlite/run-artifact-paths.js";
import { createRunEventReader } from "../sqlite/run-events-file.js";
import { createRunEventsFileSink } from "../sqlite/run-events-file-sink.js";

/** The run store of a host and where its events go: files beside runs.sqlite, or the shared database. */
export async function openRecordingStore(
  artifactsDir: string,
  postgres: PostgresPool | undefined,
): Promise<{ store: RunStore; events: RunEventSink; readEvents: RunEventReader }> {
  if (postgres === undefined)
    return {
      store: openRunStore({ file: runStoreFile(artifactsDir) }),
      events: createRunEventsFileSink(artifactsDir),
      readEvents: createRunEventReader(artifactsDir),
    };
  // Loaded only by a host on PostgreSQL (its migrations were applied by the host before).
  const { createPostgresRunEventReader, createPostgresRunEventSink, openPostgresRunStore } = await import(
    "../postgres.js"
  );
  return {
    store: openPostgresRunStore({ postgres }),
    events: createPostgresRunEventSink(postgres),
    readEvents: createPostgresRunEventReader(postgres),
  };
}
