import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as check from "../src/check.js";
import * as root from "../src/index.js";
import * as node from "../src/node.js";
import * as postgres from "../src/postgres.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot(`
      [
        "CONTINUATION_HTTP_STATUS",
        "CONTINUATION_MODES",
        "CONTINUATION_STATES",
        "ContinuationError",
        "OPERATOR_PAGE_MAX",
        "ORIGIN_CONTEXT_STATES",
        "RETENTION_SWEEP_INTERVAL_MS",
        "RUN_HISTORY_FAILED",
        "TERMINAL_STATES",
        "buildOriginContextSnapshot",
        "buildSynthesisPrompt",
        "continuationHealth",
        "createConversationChannel",
        "createModelTurnSynthesizer",
        "createOriginContextObserver",
        "isTerminalState",
        "storeDeliveryLookups",
        "toOriginMessages",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "CONTINUATION_HTTP_STATUS",
        "CONTINUATION_MODES",
        "CONTINUATION_STATES",
        "CompletionKind",
        "ContinuationChannel",
        "ContinuationDeliveryOrigin",
        "ContinuationDeliveryOutcome",
        "ContinuationDeliveryRequest",
        "ContinuationError",
        "ContinuationErrorCode",
        "ContinuationHealth",
        "ContinuationHealthStatus",
        "ContinuationMode",
        "ContinuationPoster",
        "ContinuationRecord",
        "ContinuationState",
        "ContinuationSynthesisRequest",
        "ContinuationSynthesizer",
        "ConversationChannelOptions",
        "ConversationChannelPort",
        "DeliveredContinuation",
        "DeliveryLookups",
        "DeliveryReceipt",
        "DeliveryRecorder",
        "DeliveryResolution",
        "OPERATOR_PAGE_MAX",
        "ORIGIN_CONTEXT_STATES",
        "OriginContextBounds",
        "OriginContextLifecycle",
        "OriginContextObserver",
        "OriginContextSnapshot",
        "OriginContextState",
        "OriginMessage",
        "OriginRun",
        "RETENTION_SWEEP_INTERVAL_MS",
        "RUN_HISTORY_FAILED",
        "ResultBody",
        "SynthesisModelTurn",
        "SynthesisPrompt",
        "SynthesisTurnRequest",
        "SynthesisTurnResult",
        "SynthesisUsage",
        "TERMINAL_STATES",
        "buildOriginContextSnapshot",
        "buildSynthesisPrompt",
        "continuationHealth",
        "createConversationChannel",
        "createModelTurnSynthesizer",
        "createOriginContextObserver",
        "isTerminalState",
        "storeDeliveryLookups",
        "toOriginMessages",
      ]
    `);
  });

  test("./node", () => {
    expect(Object.keys(node).sort()).toMatchInlineSnapshot(`
      [
        "cancelContinuation",
        "checkRetentionPolicy",
        "continuationActionReport",
        "continuationStoreFile",
        "continuationsHealthReport",
        "continuationsListReport",
        "handedOffTaskId",
        "inspectStateDir",
        "listConversationDeliveries",
        "openContinuationStore",
        "openOperatorContinuationStore",
        "parseDeliveryResolutionWords",
        "payloadHash",
        "readContinuationHealth",
        "readOperatorToken",
        "resolveContinuationDelivery",
        "retryContinuation",
        "sqliteDeliveryLookups",
        "startContinuationService",
        "sweepRetentionRows",
        "taskHandoffDeadlineMs",
      ]
    `);
    expect(exportedNames(join(sourceDir, "node.ts"))).toMatchInlineSnapshot(`
      [
        "ContinuationCapabilityRequest",
        "ContinuationOperatorAction",
        "ContinuationPage",
        "ContinuationService",
        "ContinuationServiceLimits",
        "ContinuationStore",
        "ContinuationWorkerHooks",
        "ContinuationsReport",
        "ConversationDelivery",
        "DeliveryResolution",
        "DetachedService",
        "IssuedContinuationCapability",
        "LatestOriginMessages",
        "NamedRoute",
        "OpenContinuationStoreOptions",
        "RecoveryReport",
        "RetentionPolicy",
        "RetentionReport",
        "RetentionSweep",
        "SharedContinuationStore",
        "StartContinuationServiceOptions",
        "StateDirProblem",
        "TaskHandoffClaim",
        "TaskHandoffRequest",
        "cancelContinuation",
        "checkRetentionPolicy",
        "continuationActionReport",
        "continuationStoreFile",
        "continuationsHealthReport",
        "continuationsListReport",
        "handedOffTaskId",
        "inspectStateDir",
        "listConversationDeliveries",
        "openContinuationStore",
        "openOperatorContinuationStore",
        "parseDeliveryResolutionWords",
        "payloadHash",
        "readContinuationHealth",
        "readOperatorToken",
        "resolveContinuationDelivery",
        "retryContinuation",
        "sqliteDeliveryLookups",
        "startContinuationService",
        "sweepRetentionRows",
        "taskHandoffDeadlineMs",
      ]
    `);
  });

  test("./postgres holds the shared store, and only it loads pg", () => {
    expect(Object.keys(postgres).sort()).toEqual([
      "CONTINUATION_POSTGRES_MIGRATIONS",
      "openPostgresContinuationStore",
    ]);
  });
  test("./check", () => {
    expect(Object.keys(check).sort()).toMatchInlineSnapshot(`
      [
        "checkContinuationsConfig",
        "retentionSweepLine",
      ]
    `);
    expect(exportedNames(join(sourceDir, "check.ts"))).toMatchInlineSnapshot(`
      [
        "checkContinuationsConfig",
        "retentionSweepLine",
      ]
    `);
  });
});
