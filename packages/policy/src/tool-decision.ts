import type { ToolKind } from "./tool-catalog.js";

/** Every reason a tool is withheld, in precedence order (the first that applies is reported). */
export type WithheldReason = "denied" | "not_allowed" | "disabled_by_switch" | "unavailable";

/** A catalog kind, or `external-mcp` for a tool of a declared external MCP server. */
export type ToolDecisionKind = ToolKind | "external-mcp";

/** An external MCP tool to evaluate; `name` is its assigned model-facing name when already known. */
export interface ExternalMcpToolCandidate {
  kind: "external-mcp";
  serverName: string;
  toolName: string;
  name?: string;
}

/** A canonical catalog name, or an external MCP tool. */
export type ToolCandidate = string | ExternalMcpToolCandidate;

/** The tool is offered to the model. `detail` explains offers the policy does not control. */
export interface OfferedToolDecision {
  name: string;
  kind: ToolDecisionKind;
  decision: "offered";
  detail?: string;
  /** For external MCP tools: the declared server and the tool's original name. */
  serverName?: string;
  toolName?: string;
}

/** The tool is withheld; `detail` says why and what would change that. */
export interface WithheldToolDecision {
  name: string;
  kind: ToolDecisionKind;
  decision: "withheld";
  reason: WithheldReason;
  detail: string;
}

export type ToolDecision = OfferedToolDecision | WithheldToolDecision;
