import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as check from "../src/check.js";
import * as root from "../src/index.js";
import * as journal from "../src/journal/index.js";
import * as lite from "../src/lite/index.js";
import * as tools from "../src/tools/index.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot(`
      [
        "MEMORY_JOURNAL_SERVER_NAME",
        "MEMORY_RECALL_SERVER_NAME",
        "MemoryError",
        "RECALL_DEFAULT_LIMIT",
        "RECALL_MAX_LIMIT",
        "createMemoryJournalRunState",
        "createMemoryJournalServer",
        "createMemoryRecallServer",
        "createRememberServer",
        "formatBullet",
        "parseBullets",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "JournalBrowseResult",
        "JournalEntry",
        "JournalRecord",
        "JournalSnapshot",
        "MEMORY_JOURNAL_SERVER_NAME",
        "MEMORY_RECALL_SERVER_NAME",
        "MemoryBullet",
        "MemoryError",
        "MemoryErrorCode",
        "MemoryHit",
        "MemoryJournalRunState",
        "MemoryJournalServerContext",
        "MemoryRecallServerContext",
        "MemoryStatus",
        "MemoryStore",
        "MemoryStoreCapabilities",
        "MemoryType",
        "RECALL_DEFAULT_LIMIT",
        "RECALL_MAX_LIMIT",
        "RecallResult",
        "RememberOutcome",
        "RememberServerContext",
        "createMemoryJournalRunState",
        "createMemoryJournalServer",
        "createMemoryRecallServer",
        "createRememberServer",
        "formatBullet",
        "parseBullets",
      ]
    `);
  });

  test("./lite", () => {
    expect(Object.keys(lite).sort()).toMatchInlineSnapshot(`
      [
        "applyForget",
        "contentHash",
        "forgetApplyReport",
        "forgetPrepareReport",
        "forgetRestoreReport",
        "inspectLiteMemory",
        "memoryDayReport",
        "memoryErrorLine",
        "memoryRebuildReport",
        "memoryReportLine",
        "memorySearchReport",
        "memoryStatsReport",
        "openLiteMemoryStore",
        "prepareForget",
        "readDayMemories",
        "restoreForget",
        "runningAgentPid",
        "utcDate",
      ]
    `);
    expect(exportedNames(join(sourceDir, "lite/index.ts"))).toMatchInlineSnapshot(`
      [
        "DayMemories",
        "ForgetPlan",
        "LiteMemoryReport",
        "LiteMemoryStore",
        "LiteMemoryStoreOptions",
        "MemoryReport",
        "applyForget",
        "contentHash",
        "forgetApplyReport",
        "forgetPrepareReport",
        "forgetRestoreReport",
        "inspectLiteMemory",
        "memoryDayReport",
        "memoryErrorLine",
        "memoryRebuildReport",
        "memoryReportLine",
        "memorySearchReport",
        "memoryStatsReport",
        "openLiteMemoryStore",
        "prepareForget",
        "readDayMemories",
        "restoreForget",
        "runningAgentPid",
        "utcDate",
      ]
    `);
  });
  test("./journal", () => {
    expect(Object.keys(journal).sort()).toMatchInlineSnapshot(`
      [
        "CircuitBreaker",
        "CircuitOpenError",
        "EMBEDDINGS_BATCH_SIZE",
        "REBUILD_POLICY_VERSION",
        "VECTOR_QUEUE_MAX_BYTES",
        "VECTOR_QUEUE_MAX_ITEMS",
        "createEmbeddingsClient",
        "normalizeVector",
        "openJournalMemoryStore",
        "readIndexManifest",
      ]
    `);
  });

  test("./check", () => {
    expect(Object.keys(check).sort()).toMatchInlineSnapshot(`
      [
        "checkMemoryConfig",
        "configuredMemoryRoot",
        "memoryRootProblem",
        "validateMemoryAvailability",
      ]
    `);
    expect(exportedNames(join(sourceDir, "check.ts"))).toMatchInlineSnapshot(`
      [
        "checkMemoryConfig",
        "configuredMemoryRoot",
        "memoryRootProblem",
        "validateMemoryAvailability",
      ]
    `);
  });

  test("./tools", () => {
    expect(Object.keys(tools).sort()).toMatchInlineSnapshot(`
      [
        "MEMORY_TOOL_NAMES",
        "memoryAuditReport",
        "memoryAvailability",
        "memoryRollbackReport",
        "memoryTierRebuildReport",
        "memoryTierSearchReport",
        "memoryToolDecisions",
        "openConfiguredMemoryStore",
        "openConfiguredRemoteStore",
        "openMemoryTools",
      ]
    `);
    expect(exportedNames(join(sourceDir, "tools/index.ts"))).toMatchInlineSnapshot(`
      [
        "MEMORY_TOOL_NAMES",
        "MemoryStoreConfig",
        "MemoryTierContext",
        "MemoryToolServer",
        "MemoryTools",
        "MemoryToolsConfig",
        "OpenConfiguredMemoryStoreOptions",
        "memoryAuditReport",
        "memoryAvailability",
        "memoryRollbackReport",
        "memoryTierRebuildReport",
        "memoryTierSearchReport",
        "memoryToolDecisions",
        "openConfiguredMemoryStore",
        "openConfiguredRemoteStore",
        "openMemoryTools",
      ]
    `);
  });
});
