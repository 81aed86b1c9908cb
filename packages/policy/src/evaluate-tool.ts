import { checkAvailability } from "./check-availability.js";
import { checkPolicy } from "./check-policy.js";
import { createToolPolicy, type ToolPolicy } from "./create-tool-policy.js";
import { requireCatalogEntry } from "./is-tool-allowed-by-policy.js";
import { mcpToolName } from "./mcp-tool-name.js";
import type { ToolAvailabilityContext } from "./tool-availability-context.js";
import type { ExternalMcpToolCandidate, ToolCandidate, ToolDecision } from "./tool-decision.js";
import { ToolPolicyError } from "./tool-policy-error.js";
import { parseMcpSpelling } from "./tool-spellings.js";

function isExternalCandidate(candidate: unknown): candidate is ExternalMcpToolCandidate {
  if (typeof candidate !== "object" || candidate === null) return false;
  const record = candidate as Record<string, unknown>;
  return record["kind"] === "external-mcp";
}

function evaluateExternal(policy: ToolPolicy, candidate: ExternalMcpToolCandidate): ToolDecision {
  const { serverName, toolName } = candidate;
  if (typeof serverName !== "string" || typeof toolName !== "string") {
    throw new ToolPolicyError(
      "unknown_tool",
      'An external MCP tool candidate needs string serverName and toolName: { kind: "external-mcp", serverName, toolName }.',
    );
  }
  const name = typeof candidate.name === "string" ? candidate.name : mcpToolName(serverName, toolName);
  const namedInDenyList = policy.disallowedTools.some((entry) => {
    const parsed = parseMcpSpelling(entry);
    return entry === name || (parsed?.serverName === serverName && [toolName, "*"].includes(parsed.toolName));
  });
  const denyNote = namedInDenyList
    ? " tools.disallowedTools names it, but on the pi-native runtime that does not filter external MCP tools."
    : "";
  return {
    name,
    kind: "external-mcp",
    decision: "offered",
    serverName,
    toolName,
    detail: `Offered because server ${JSON.stringify(serverName)} is declared; tools.allowedTools/disallowedTools do not gate external MCP tools.${denyNote} Declaring the server is the only lever: remove it from mcp.json / tools.mcpServers to withhold its tools.`,
  };
}

/**
 * Decides whether one tool is offered. Precedence for gated tools: `denied`, then `not_allowed`
 * (policy first), then `disabled_by_switch`, then `unavailable`. Ungated switch tools (MemoryRecall,
 * AskCollaborator) only check their switch. External MCP tools are always offered.
 * Throws {@link ToolPolicyError}: `invalid_tool_policy` for a malformed policy, `unknown_tool` for a
 * candidate outside the catalog.
 */
export function evaluateTool(
  policy: ToolPolicy,
  candidate: ToolCandidate,
  context?: ToolAvailabilityContext,
): ToolDecision {
  const validPolicy = createToolPolicy(policy);
  if (isExternalCandidate(candidate)) return evaluateExternal(validPolicy, candidate);
  const entry = requireCatalogEntry(candidate);
  const refusal = checkPolicy(validPolicy, entry) ?? checkAvailability(entry, context);
  if (refusal !== undefined) {
    return { name: entry.name, kind: entry.kind, decision: "withheld", ...refusal };
  }
  if (entry.gated) return { name: entry.name, kind: entry.kind, decision: "offered" };
  return {
    name: entry.name,
    kind: entry.kind,
    decision: "offered",
    detail: `${entry.name} is not gated by tools.allowedTools/disallowedTools; ${entry.name === "MemoryRecall" ? "memory.recallTool.enabled" : "its composition switch"} governs it.`,
  };
}
