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
        "CONVERSATION_TITLE_MAX_CHARACTERS",
        "CONVERSATION_TITLE_TOOL_NAME",
        "WebConsoleError",
        "normalizeConversationTitle",
        "operatorTokenProblem",
        "parseConversationTitleInput",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "CONVERSATION_TITLE_MAX_CHARACTERS",
        "CONVERSATION_TITLE_TOOL_NAME",
        "ConversationTitleParse",
        "WebAsksSource",
        "WebConsoleApp",
        "WebConsoleError",
        "WebConsoleErrorCode",
        "WebConsoleRunEvent",
        "WebDelivered",
        "WebDeliveriesSource",
        "WebDeliveryView",
        "WebFeatures",
        "WebMemoryPageSource",
        "WebRunContext",
        "WebRunRequest",
        "WebRunResult",
        "WebRunStatus",
        "WebRunSummaryView",
        "WebRunsPageSource",
        "normalizeConversationTitle",
        "operatorTokenProblem",
        "parseConversationTitleInput",
      ]
    `);
  });

  test("./node", () => {
    expect(Object.keys(node).sort()).toMatchInlineSnapshot(`
      [
        "createWebThreadStore",
        "detectWebFeatures",
        "fileRunsPageSource",
        "generateOperatorToken",
        "isTitleWritable",
        "memoryPageSource",
        "startWebConsole",
        "storeRunsPageSource",
        "webThreadStoreFile",
      ]
    `);
    expect(exportedNames(join(sourceDir, "node.ts"))).toMatchInlineSnapshot(`
      [
        "StartWebConsoleOptions",
        "WebConsole",
        "WebFeaturesHost",
        "WebMemoryReader",
        "WebRunListStore",
        "WebRunSummaryRecord",
        "WebServer",
        "WebThreadStore",
        "createWebThreadStore",
        "detectWebFeatures",
        "fileRunsPageSource",
        "generateOperatorToken",
        "isTitleWritable",
        "memoryPageSource",
        "startWebConsole",
        "storeRunsPageSource",
        "webThreadStoreFile",
      ]
    `);
  });

  test("./postgres", () => {
    expect(Object.keys(postgres).sort()).toMatchInlineSnapshot(`
      [
        "WEB_CONSOLE_POSTGRES_MIGRATIONS",
        "WEB_EVENT_CHANNEL",
        "WEB_EVENT_INLINE_MAX_BYTES",
        "createPostgresWebEventHub",
        "openPostgresWebThreadStore",
        "openSharedWebStores",
      ]
    `);
    expect(exportedNames(join(sourceDir, "postgres.ts"))).toMatchInlineSnapshot(`
      [
        "OpenPostgresWebThreadStoreOptions",
        "OpenSharedWebStoresOptions",
        "PostgresWebEventHub",
        "PostgresWebEventHubOptions",
        "WEB_CONSOLE_POSTGRES_MIGRATIONS",
        "WEB_EVENT_CHANNEL",
        "WEB_EVENT_INLINE_MAX_BYTES",
        "createPostgresWebEventHub",
        "openPostgresWebThreadStore",
        "openSharedWebStores",
      ]
    `);
  });
  test("./check", () => {
    expect(Object.keys(check).sort()).toMatchInlineSnapshot(`
      [
        "checkWebConsoleConfig",
        "webThreadStoreFile",
      ]
    `);
    expect(exportedNames(join(sourceDir, "check.ts"))).toMatchInlineSnapshot(`
      [
        "WebConsoleCheckOptions",
        "checkWebConsoleConfig",
        "webThreadStoreFile",
      ]
    `);
  });
});
