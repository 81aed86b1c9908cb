import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as check from "../src/check.js";
import * as root from "../src/index.js";
import * as postgres from "../src/postgres/index.js";
import * as sqlite from "../src/sqlite/index.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot(`
      [
        "COLD_RESEED_HEADER",
        "COLD_RESEED_MAX_BYTES",
        "FOREGROUND_TIMEOUT_MS",
        "PAYLOAD_MAX_BYTES",
        "SessionHistoryError",
        "TERMINAL_STATES",
        "callSessionHistory",
        "coldReseedProjection",
        "createColdReseed",
        "createSessionHistoryObserver",
        "createSessionHistoryServer",
        "invocationWrite",
        "isTerminalState",
        "resultWrite",
        "withoutRolloverBucket",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "ArtifactReference",
        "COLD_RESEED_HEADER",
        "COLD_RESEED_MAX_BYTES",
        "CallOrderingKey",
        "CallSearchQuery",
        "ColdReseedMessage",
        "ColdReseedSource",
        "FOREGROUND_TIMEOUT_MS",
        "InvocationWrite",
        "ObservedAgentEvent",
        "ObservedRun",
        "PAYLOAD_MAX_BYTES",
        "PersistenceErrorCode",
        "PersistenceResult",
        "ProjectedPayload",
        "RecordPhase",
        "ResultWrite",
        "RetentionOptions",
        "SearchRequest",
        "SessionHistoryContext",
        "SessionHistoryError",
        "SessionHistoryErrorCode",
        "SessionHistoryObserver",
        "SessionHistoryObserverOptions",
        "SessionHistoryStore",
        "SessionRollover",
        "SessionScope",
        "TERMINAL_STATES",
        "TerminalState",
        "Tombstone",
        "TombstoneReason",
        "ToolCallIdentity",
        "ToolCallSummary",
        "ToolLifecycleWrite",
        "ToolOutcome",
        "ToolRecord",
        "callSessionHistory",
        "coldReseedProjection",
        "createColdReseed",
        "createSessionHistoryObserver",
        "createSessionHistoryServer",
        "invocationWrite",
        "isTerminalState",
        "resultWrite",
        "withoutRolloverBucket",
      ]
    `);
  });

  test("./sqlite", () => {
    expect(Object.keys(sqlite).sort()).toMatchInlineSnapshot(`
      [
        "DRAIN_TIMEOUT_MS",
        "WRITE_BUSY_DEADLINE_MS",
        "createSessionHistoryServerFactory",
        "openSessionHistory",
        "openSessionHistoryTools",
        "openToolHistorySidecar",
        "openToolHistoryStore",
        "runToolOutputDir",
        "sessionHistoryFile",
        "sessionHistoryToolServer",
        "startToolHistoryWriter",
        "toolHistoryFile",
        "toolRecordId",
      ]
    `);
    expect(exportedNames(join(sourceDir, "sqlite/index.ts"))).toMatchInlineSnapshot(`
      [
        "DRAIN_TIMEOUT_MS",
        "DrainReport",
        "OpenSessionHistoryOptions",
        "OpenSessionHistoryToolsOptions",
        "OpenToolHistoryStoreOptions",
        "RetentionReport",
        "ServeSessionHistory",
        "SessionHistoryAugmenter",
        "SessionHistoryServerFactoryOptions",
        "SessionHistoryServerScope",
        "SessionHistoryService",
        "SessionHistoryToolServer",
        "SessionHistoryTools",
        "SessionHistoryToolsStore",
        "SqliteToolHistoryStore",
        "ToolHistorySidecar",
        "ToolHistoryWriter",
        "ToolHistoryWriterOptions",
        "UnavailableSessionHistoryTools",
        "WRITE_BUSY_DEADLINE_MS",
        "WriterStatistics",
        "createSessionHistoryServerFactory",
        "openSessionHistory",
        "openSessionHistoryTools",
        "openToolHistorySidecar",
        "openToolHistoryStore",
        "runToolOutputDir",
        "sessionHistoryFile",
        "sessionHistoryToolServer",
        "startToolHistoryWriter",
        "toolHistoryFile",
        "toolRecordId",
      ]
    `);
  });

  test("./postgres", () => {
    expect(Object.keys(postgres).sort()).toMatchInlineSnapshot(`
      [
        "POSTGRES_MAINTENANCE_CEILING_MS",
        "POSTGRES_WRITE_BATCHES_IN_FLIGHT",
        "POSTGRES_WRITE_BATCH_MAX",
        "SESSION_HISTORY_POSTGRES_MIGRATIONS",
        "openPostgresSessionHistory",
        "openPostgresSessionHistoryTools",
        "openPostgresToolHistorySidecar",
        "openPostgresToolHistoryStore",
        "startPostgresToolHistoryWriter",
      ]
    `);
    expect(exportedNames(join(sourceDir, "postgres/index.ts"))).toMatchInlineSnapshot(`
      [
        "BatchOutcome",
        "OpenPostgresToolHistorySidecarOptions",
        "OpenPostgresToolHistoryStoreOptions",
        "OpenSessionHistoryOptions",
        "OpenSessionHistoryToolsOptions",
        "POSTGRES_MAINTENANCE_CEILING_MS",
        "POSTGRES_WRITE_BATCHES_IN_FLIGHT",
        "POSTGRES_WRITE_BATCH_MAX",
        "PostgresToolHistorySidecar",
        "PostgresToolHistoryStore",
        "PostgresToolHistoryWriterOptions",
        "SESSION_HISTORY_POSTGRES_MIGRATIONS",
        "ServeSessionHistory",
        "SessionHistoryService",
        "SessionHistoryTools",
        "UnavailableSessionHistoryTools",
        "openPostgresSessionHistory",
        "openPostgresSessionHistoryTools",
        "openPostgresToolHistorySidecar",
        "openPostgresToolHistoryStore",
        "startPostgresToolHistoryWriter",
      ]
    `);
  });
  test("./check", () => {
    expect(Object.keys(check).sort()).toMatchInlineSnapshot(`
      [
        "checkSessionHistory",
      ]
    `);
    expect(exportedNames(join(sourceDir, "check.ts"))).toMatchInlineSnapshot(`
      [
        "checkSessionHistory",
      ]
    `);
  });
});
