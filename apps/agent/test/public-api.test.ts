import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as root from "../src/index.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toEqual([
      "BUILTIN_TOOL_NAMES",
      "DEFAULT_CONVERSATION_ID",
      "MonoAgentRuntimeError",
      "RUN_ID_PATTERN",
      "collectProtectedPaths",
      "conversationStoreFile",
      "createBuiltinTools",
      "createConversationStore",
      "createExampleServer",
      "createRunId",
      "resolveModel",
      "runPiSession",
      "startMonoAgentApp",
    ]);
    expect(exportedNames(join(sourceDir, "index.ts"))).toEqual([
      "AppToolProvider",
      "AppToolRunContext",
      "AppToolServers",
      "BUILTIN_TOOL_NAMES",
      "ConversationReset",
      "ConversationStore",
      "CreateBuiltinToolsOptions",
      "DEFAULT_CONVERSATION_ID",
      "MonoAgentApp",
      "MonoAgentRuntimeError",
      "MonoAgentRuntimeErrorCode",
      "PiSessionResult",
      "ProtectedPaths",
      "RUN_ID_PATTERN",
      "ResolvedModel",
      "RunEvent",
      "RunRequest",
      "RunResult",
      "RunStatus",
      "StartMonoAgentAppOptions",
      "collectProtectedPaths",
      "conversationStoreFile",
      "createBuiltinTools",
      "createConversationStore",
      "createExampleServer",
      "createRunId",
      "resolveModel",
      "runPiSession",
      "startMonoAgentApp",
    ]);
  });
});
