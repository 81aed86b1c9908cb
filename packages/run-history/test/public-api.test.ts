import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as check from "../src/check.js";
import * as root from "../src/index.js";
import * as postgres from "../src/postgres.js";
import * as recorder from "../src/recorder.js";
import * as report from "../src/report.js";
import * as sqlite from "../src/sqlite.js";
import * as sqliteHealth from "../src/sqlite-health.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot(`
      [
        "CONVERSATION_ID_MAX_LENGTH",
        "DAY_MS",
        "RETENTION_SWEEP_INTERVAL_MS",
        "RUN_CHECKPOINT_EVERY_EVENTS",
        "RUN_CHECKPOINT_INTERVAL_MS",
        "RUN_EVENTS_READ_MAX",
        "RUN_HISTORY_TOOL_ERROR_CODES",
        "RUN_ID_MAX_LENGTH",
        "RUN_ID_PATTERN",
        "RUN_LIST_MAX_LIMIT",
        "RUN_STATUSES",
        "RunHistoryError",
        "SEARCH_CACHE_MAX_RUNS",
        "assertConversationId",
        "assertRunId",
        "callRunHistory",
        "createRunHistoryServer",
        "createRunSearchCache",
        "isRunStatus",
        "logicalConversationId",
        "rolloverBucket",
        "runsOfConversationQuery",
        "searchTermsOf",
        "serializeRunEvent",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "BadEventLine",
        "BoundRunRecordOptions",
        "CONVERSATION_ID_MAX_LENGTH",
        "CachedSearchRun",
        "DAY_MS",
        "ListRunsQuery",
        "RETENTION_SWEEP_INTERVAL_MS",
        "RUN_CHECKPOINT_EVERY_EVENTS",
        "RUN_CHECKPOINT_INTERVAL_MS",
        "RUN_EVENTS_READ_MAX",
        "RUN_HISTORY_TOOL_ERROR_CODES",
        "RUN_ID_MAX_LENGTH",
        "RUN_ID_PATTERN",
        "RUN_LIST_MAX_LIMIT",
        "RUN_STATUSES",
        "ReadRunEventsOptions",
        "RetentionSelection",
        "RunCompletion",
        "RunEvent",
        "RunEventBatch",
        "RunEventReader",
        "RunEventSink",
        "RunEventsRead",
        "RunHistoryContext",
        "RunHistoryError",
        "RunHistoryErrorCode",
        "RunHistoryRollover",
        "RunOwner",
        "RunPage",
        "RunPrivateFields",
        "RunProgress",
        "RunSearchCache",
        "RunSearchFields",
        "RunSearchScope",
        "RunStart",
        "RunStatus",
        "RunStore",
        "RunSummary",
        "RunTextBlock",
        "RunToolCount",
        "RunToolResultBlock",
        "RunToolUseBlock",
        "RunUsage",
        "RunWarning",
        "RunningRun",
        "SEARCH_CACHE_MAX_RUNS",
        "SettledRunSearchFields",
        "SettledRunsPosition",
        "SettledRunsQuery",
        "SettledRunsSince",
        "TerminalRunStatus",
        "assertConversationId",
        "assertRunId",
        "callRunHistory",
        "createRunHistoryServer",
        "createRunSearchCache",
        "isRunStatus",
        "logicalConversationId",
        "rolloverBucket",
        "runsOfConversationQuery",
        "searchTermsOf",
        "serializeRunEvent",
      ]
    `);
  });

  test("./sqlite", () => {
    expect(Object.keys(sqlite).sort()).toMatchInlineSnapshot(`
      [
        "createRunEventReader",
        "createRunEventsFileSink",
        "createRunRecorder",
        "currentRunOwner",
        "isRunOwnerAlive",
        "liveRunsOfConversation",
        "openRunStore",
        "openRunStoreForReading",
        "openRunsForReading",
        "readRunEvents",
        "reconcileInterruptedRuns",
        "replaceFileAtomically",
        "runEventsFile",
        "runStoreFile",
        "runToolOutputDir",
        "sweepRunRetention",
      ]
    `);
    expect(exportedNames(join(sourceDir, "sqlite.ts"))).toMatchInlineSnapshot(`
      [
        "LiveRun",
        "OpenRunStoreForReadingOptions",
        "OpenRunStoreOptions",
        "ReconcileInterruptedRunsOptions",
        "ReconcileReport",
        "RunRecorder",
        "RunRecorderOptions",
        "RunRecording",
        "RunRecordingOutcome",
        "RunRecordingStart",
        "RunRetentionOptions",
        "RunRetentionReport",
        "SqliteRunStore",
        "createRunEventReader",
        "createRunEventsFileSink",
        "createRunRecorder",
        "currentRunOwner",
        "isRunOwnerAlive",
        "liveRunsOfConversation",
        "openRunStore",
        "openRunStoreForReading",
        "openRunsForReading",
        "readRunEvents",
        "reconcileInterruptedRuns",
        "replaceFileAtomically",
        "runEventsFile",
        "runStoreFile",
        "runToolOutputDir",
        "sweepRunRetention",
      ]
    `);
  });

  test("./postgres", () => {
    expect(Object.keys(postgres).sort()).toMatchInlineSnapshot(`
      [
        "RUN_STORE_POSTGRES_MIGRATIONS",
        "createPostgresRunEventReader",
        "createPostgresRunEventSink",
        "openPostgresRunStore",
        "openPostgresRunStoreForReading",
        "openPostgresRunsForReading",
      ]
    `);
    expect(exportedNames(join(sourceDir, "postgres.ts"))).toMatchInlineSnapshot(`
      [
        "OpenPostgresRunStoreForReadingOptions",
        "OpenPostgresRunStoreOptions",
        "PostgresRunStore",
        "RUN_STORE_POSTGRES_MIGRATIONS",
        "createPostgresRunEventReader",
        "createPostgresRunEventSink",
        "openPostgresRunStore",
        "openPostgresRunStoreForReading",
        "openPostgresRunsForReading",
      ]
    `);
  });

  test("./report", () => {
    expect(Object.keys(report).sort()).toMatchInlineSnapshot(`
      [
        "damagedRunStoreMessage",
        "runListReport",
        "runShowReport",
      ]
    `);
    expect(exportedNames(join(sourceDir, "report.ts"))).toMatchInlineSnapshot(`
      [
        "RunListing",
        "RunShowReport",
        "RunStoreLocation",
        "RunsForReading",
        "damagedRunStoreMessage",
        "runListReport",
        "runShowReport",
      ]
    `);
  });

  test("./sqlite-health", () => {
    expect(Object.keys(sqliteHealth).sort()).toMatchInlineSnapshot(`
      [
        "currentRunOwner",
        "isRunOwnerAlive",
        "readRunsHealth",
        "runStoreFile",
      ]
    `);
    expect(exportedNames(join(sourceDir, "sqlite-health.ts"))).toMatchInlineSnapshot(`
      [
        "RunsHealth",
        "currentRunOwner",
        "isRunOwnerAlive",
        "readRunsHealth",
        "runStoreFile",
      ]
    `);
  });
  test("./check", () => {
    expect(Object.keys(check).sort()).toMatchInlineSnapshot(`
      [
        "checkRunStore",
      ]
    `);
    expect(exportedNames(join(sourceDir, "check.ts"))).toMatchInlineSnapshot(`
      [
        "checkRunStore",
      ]
    `);
  });

  test("./recorder", () => {
    expect(Object.keys(recorder).sort()).toMatchInlineSnapshot(`
      [
        "TOOL_PREVIEW_CHARACTERS",
        "createRunEventMapper",
        "createRunEventRedactor",
        "createRunHistoryServerFactory",
        "redactStrings",
        "runHistoryToolServer",
        "runHistoryToolServers",
        "startRunRecording",
      ]
    `);
    expect(exportedNames(join(sourceDir, "recorder.ts"))).toMatchInlineSnapshot(`
      [
        "ContinuationDeliveryRun",
        "MappableAgentEvent",
        "MappedRunEvent",
        "RecordableAgentEvent",
        "RecordedMessageEnd",
        "RecordedRunEnd",
        "RecordedRunInfo",
        "RecordedToolExecutionEnd",
        "RecordedToolExecutionStart",
        "RecordedWarning",
        "RedactableRunEvent",
        "RunEventRedactor",
        "RunHistoryServerFactoryOptions",
        "RunHistoryServerScope",
        "RunHistoryToolServer",
        "RunRecordingObserver",
        "RunRecordingService",
        "StartRunRecordingOptions",
        "TOOL_PREVIEW_CHARACTERS",
        "createRunEventMapper",
        "createRunEventRedactor",
        "createRunHistoryServerFactory",
        "redactStrings",
        "runHistoryToolServer",
        "runHistoryToolServers",
        "startRunRecording",
      ]
    `);
  });
});
