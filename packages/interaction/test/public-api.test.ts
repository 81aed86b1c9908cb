import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as check from "../src/check.js";
import * as host from "../src/host.js";
import * as root from "../src/index.js";
import * as node from "../src/node.js";
import * as postgres from "../src/postgres.js";
import * as sqlite from "../src/sqlite.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot(`
      [
        "ANSWER_TEXT_MAX_CHARACTERS",
        "ASK_USER_HEADER_MAX_CHARACTERS",
        "ASK_USER_INPUT_SCHEMA",
        "ASK_USER_MAX_OPTIONS",
        "ASK_USER_MAX_QUESTIONS",
        "ASK_USER_MIN_OPTIONS",
        "ASK_USER_TEXT_MAX_CHARACTERS",
        "DEFAULT_ANSWERERS",
        "InteractionError",
        "MAX_TIMER_MS",
        "askApproval",
        "askAudience",
        "askEvent",
        "checkAnswer",
        "checkFormContent",
        "checkFormValue",
        "createApprovalGate",
        "createAskBroker",
        "decideApproval",
        "describeAsk",
        "hashToolArguments",
        "parseAskUserInput",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "ANSWER_TEXT_MAX_CHARACTERS",
        "ASK_USER_HEADER_MAX_CHARACTERS",
        "ASK_USER_INPUT_SCHEMA",
        "ASK_USER_MAX_OPTIONS",
        "ASK_USER_MAX_QUESTIONS",
        "ASK_USER_MIN_OPTIONS",
        "ASK_USER_TEXT_MAX_CHARACTERS",
        "AnsweredBy",
        "AnswerersRules",
        "ApprovalCall",
        "ApprovalGateContext",
        "ApprovalHost",
        "ApprovalLookup",
        "ApprovalNeed",
        "ApprovalRecord",
        "ApprovalRules",
        "ApprovalRun",
        "ApprovalScope",
        "ApprovalStore",
        "ApprovalSubject",
        "ApprovalToolInfo",
        "ApprovalVerdict",
        "AskAnswer",
        "AskAudience",
        "AskBroker",
        "AskBrokerOptions",
        "AskCancelReason",
        "AskChannel",
        "AskEvent",
        "AskKind",
        "AskOption",
        "AskPrompt",
        "AskQuestion",
        "AskRecord",
        "AskSettlement",
        "AskStatus",
        "AskStore",
        "BrokerClock",
        "DEFAULT_ANSWERERS",
        "ElicitationAction",
        "FormField",
        "FormSchema",
        "FormValue",
        "InteractionError",
        "InteractionErrorCode",
        "InteractionStore",
        "MAX_TIMER_MS",
        "OpenAskInput",
        "QuestionAnswer",
        "askApproval",
        "askAudience",
        "askEvent",
        "checkAnswer",
        "checkFormContent",
        "checkFormValue",
        "createApprovalGate",
        "createAskBroker",
        "decideApproval",
        "describeAsk",
        "hashToolArguments",
        "parseAskUserInput",
      ]
    `);
  });
  test("./node", () => {
    expect(Object.keys(node).sort()).toMatchInlineSnapshot(`
      [
        "ASK_USER_TOOL_NAME",
        "createAskUserServer",
        "createLazyInteractionBridge",
        "createTerminalAskChannel",
        "elicitationPortFor",
        "startInteractionBridge",
      ]
    `);
    expect(exportedNames(join(sourceDir, "node.ts"))).toMatchInlineSnapshot(`
      [
        "ASK_USER_TOOL_NAME",
        "AskRouteDependencies",
        "AskUserServerOptions",
        "ElicitationHost",
        "ElicitationPort",
        "InteractionBridge",
        "InteractionBridgeOptions",
        "LazyInteractionBridge",
        "TerminalAskChannelOptions",
        "createAskUserServer",
        "createLazyInteractionBridge",
        "createTerminalAskChannel",
        "elicitationPortFor",
        "startInteractionBridge",
      ]
    `);
  });
  test("./sqlite", () => {
    expect(Object.keys(sqlite).sort()).toMatchInlineSnapshot(`
      [
        "INTERACTION_STORE_BUSY_TIMEOUT_MS",
        "approvals",
        "asks",
        "createSqliteInteractionStore",
      ]
    `);
    expect(exportedNames(join(sourceDir, "sqlite.ts"))).toMatchInlineSnapshot(`
      [
        "INTERACTION_STORE_BUSY_TIMEOUT_MS",
        "approvals",
        "asks",
        "createSqliteInteractionStore",
      ]
    `);
  });
  test("./postgres", () => {
    expect(Object.keys(postgres).sort()).toMatchInlineSnapshot(`
      [
        "INTERACTION_POSTGRES_MIGRATIONS",
        "openPostgresInteractionStore",
      ]
    `);
  });

  test("./host", () => {
    expect(Object.keys(host).sort()).toMatchInlineSnapshot(`
      [
        "approvalsListReport",
        "attachWebAskChannel",
        "interactionStoreFile",
        "openSqliteApprovals",
        "revokeApprovalReport",
        "startInteractionHost",
      ]
    `);
    expect(exportedNames(join(sourceDir, "host.ts"))).toMatchInlineSnapshot(`
      [
        "InteractionHost",
        "InteractionHostConfig",
        "WebAskSource",
        "approvalsListReport",
        "attachWebAskChannel",
        "interactionStoreFile",
        "openSqliteApprovals",
        "revokeApprovalReport",
        "startInteractionHost",
      ]
    `);
  });

  test("./check", () => {
    expect(Object.keys(check).sort()).toMatchInlineSnapshot(`
      [
        "checkInteraction",
      ]
    `);
    expect(exportedNames(join(sourceDir, "check.ts"))).toMatchInlineSnapshot(`
      [
        "checkInteraction",
      ]
    `);
  });
});
