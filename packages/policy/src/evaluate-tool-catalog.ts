import { assignMcpToolNames } from "./assign-mcp-tool-names.js";
import { createToolPolicy, type ToolPolicy } from "./create-tool-policy.js";
import { evaluateTool } from "./evaluate-tool.js";
import type { McpToolRef } from "./mcp-tool-name.js";
import type { ToolAvailabilityContext } from "./tool-availability-context.js";
import { TOOL_CATALOG } from "./tool-catalog.js";
import type { ToolDecision } from "./tool-decision.js";

/**
 * Every decision for one run: each catalog tool in catalog order, then each external MCP tool under
 * the name {@link assignMcpToolNames} gives it. For `validate`, the run summary and tests.
 */
export function evaluateToolCatalog(
  policy: ToolPolicy,
  context?: ToolAvailabilityContext,
  externalTools: readonly McpToolRef[] = [],
): ToolDecision[] {
  const validPolicy = createToolPolicy(policy);
  const catalogDecisions = TOOL_CATALOG.map((entry) => evaluateTool(validPolicy, entry.name, context));
  const externalDecisions = assignMcpToolNames(externalTools).assignments.map((assignment) =>
    evaluateTool(validPolicy, { kind: "external-mcp", ...assignment }, context),
  );
  return [...catalogDecisions, ...externalDecisions];
}

/**
 * The tools offered even though the policy cannot gate them: external MCP tools and enabled
 * MemoryRecall / AskCollaborator. Under `allowedTools: []` these are exactly the tools still
 * offered, which `validate` names in its no-tools warning.
 */
export function toolsStillOffered(
  policy: ToolPolicy,
  context?: ToolAvailabilityContext,
  externalTools: readonly McpToolRef[] = [],
): ToolDecision[] {
  return evaluateToolCatalog(policy, context, externalTools).filter(
    (decision) =>
      decision.decision === "offered" && (decision.kind === "switch" || decision.kind === "external-mcp"),
  );
}
