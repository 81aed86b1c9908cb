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
        "ADAPTER_SEND_SERVER_NAME",
        "APPROVAL_CAPABILITY_CLASSES",
        "CONVERSATION_SERVER_NAME",
        "MAX_TOOL_NAME_LENGTH",
        "MEMORY_JOURNAL_SERVER_NAME",
        "MEMORY_RECALL_SERVER_NAME",
        "MEMORY_WRITE_SERVER_NAME",
        "RUN_HISTORY_SERVER_NAME",
        "SESSION_HISTORY_SERVER_NAME",
        "ToolPolicyError",
        "allowsAllTools",
        "approvalRequireWithCapabilities",
        "assertApprovalRules",
        "assignMcpToolNames",
        "createToolPolicy",
        "describeApprovalNameFinding",
        "evaluateTool",
        "evaluateToolCatalog",
        "failClosedToolPolicy",
        "findOpenApprovalWays",
        "findUnknownApprovalNames",
        "findUnknownToolNames",
        "isToolAllowedByPolicy",
        "matchesToolGlob",
        "mcpToolName",
        "toolsStillOffered",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "ADAPTER_SEND_SERVER_NAME",
        "APPROVAL_CAPABILITY_CLASSES",
        "ApprovalCapabilityClass",
        "ApprovalNameFinding",
        "ApprovalRuleLists",
        "CONVERSATION_SERVER_NAME",
        "ExternalMcpToolCandidate",
        "MAX_TOOL_NAME_LENGTH",
        "MEMORY_JOURNAL_SERVER_NAME",
        "MEMORY_RECALL_SERVER_NAME",
        "MEMORY_WRITE_SERVER_NAME",
        "McpToolNameAssignment",
        "McpToolNameAssignments",
        "McpToolNameCollision",
        "McpToolRef",
        "MemoryAvailability",
        "OfferedToolDecision",
        "OpenApprovalWay",
        "RUN_HISTORY_SERVER_NAME",
        "SESSION_HISTORY_SERVER_NAME",
        "ToolAvailabilityContext",
        "ToolCandidate",
        "ToolDecision",
        "ToolDecisionKind",
        "ToolKind",
        "ToolNameFinding",
        "ToolPolicy",
        "ToolPolicyError",
        "ToolPolicyErrorCode",
        "ToolPolicyInput",
        "WithheldReason",
        "WithheldToolDecision",
        "allowsAllTools",
        "approvalRequireWithCapabilities",
        "assertApprovalRules",
        "assignMcpToolNames",
        "createToolPolicy",
        "describeApprovalNameFinding",
        "evaluateTool",
        "evaluateToolCatalog",
        "failClosedToolPolicy",
        "findOpenApprovalWays",
        "findUnknownApprovalNames",
        "findUnknownToolNames",
        "isToolAllowedByPolicy",
        "matchesToolGlob",
        "mcpToolName",
        "toolsStillOffered",
      ]
    `);
  });
});
