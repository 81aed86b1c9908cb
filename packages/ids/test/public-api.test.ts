import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as root from "../src/index.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot(`
      [
        "CONVERSATION_ID_FORM",
        "CONVERSATION_ID_MAX_LENGTH",
        "CONVERSATION_ID_PATTERN",
        "ROLLOVER_BUCKET_PATTERN",
        "RUN_ID_FORM",
        "RUN_ID_MAX_LENGTH",
        "RUN_ID_PATTERN",
        "conversationChannel",
        "createRunId",
        "groupRolloverBuckets",
        "isConversationId",
        "isRunId",
        "logicalConversationId",
        "rolloverBucketAt",
        "rolloverBucketOf",
        "withRolloverBucket",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "CONVERSATION_ID_FORM",
        "CONVERSATION_ID_MAX_LENGTH",
        "CONVERSATION_ID_PATTERN",
        "ROLLOVER_BUCKET_PATTERN",
        "RUN_ID_FORM",
        "RUN_ID_MAX_LENGTH",
        "RUN_ID_PATTERN",
        "RolloverBucketSummary",
        "RolloverGroup",
        "conversationChannel",
        "createRunId",
        "groupRolloverBuckets",
        "isConversationId",
        "isRunId",
        "logicalConversationId",
        "rolloverBucketAt",
        "rolloverBucketOf",
        "withRolloverBucket",
      ]
    `);
  });
});
