import { checkPolicy } from "./check-policy.js";
import type { ToolPolicy } from "./create-tool-policy.js";
import { findCatalogEntry, TOOL_CATALOG } from "./tool-catalog.js";
import { ToolPolicyError } from "./tool-policy-error.js";

/** The catalog entry for a canonical name, or `unknown_tool` naming the accepted names. */
export function requireCatalogEntry(name: unknown) {
  const entry = typeof name === "string" ? findCatalogEntry(name) : undefined;
  if (entry !== undefined) return entry;
  const known = TOOL_CATALOG.map((candidate) => candidate.name).join(", ");
  throw new ToolPolicyError(
    "unknown_tool",
    `Unknown tool ${JSON.stringify(name) ?? typeof name}; evaluate a canonical catalog name (${known}) or an external MCP tool { kind: "external-mcp", serverName, toolName }.`,
  );
}

/**
 * The allow/deny verdict alone (no availability facts): true when the policy lets this canonical tool
 * be offered. Tools the policy does not gate (MemoryRecall, AskCollaborator) are always true.
 * Throws {@link ToolPolicyError} `unknown_tool` for a name outside the catalog.
 */
export function isToolAllowedByPolicy(policy: ToolPolicy, canonicalName: string): boolean {
  return checkPolicy(policy, requireCatalogEntry(canonicalName)) === undefined;
}
