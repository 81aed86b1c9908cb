import type { CheckLine, LoadedConfig } from "@mono-agent/config";
import {
  APPROVAL_CAPABILITY_CLASSES,
  approvalRequireWithCapabilities,
  describeApprovalNameFinding,
  findOpenApprovalWays,
  findUnknownApprovalNames,
  matchesToolGlob,
} from "@mono-agent/policy";

const list = (names: readonly string[]) =>
  names.length <= 1 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;

/**
 * The `tools.approval` findings of `mono-agent validate`, with the checker the run start uses: each entry
 * of `require` / `exempt` that names no tool (an error with a did-you-mean, since its calls would run
 * unasked), which tools a capability class adds (requiring Bash asks for Exec and NodeRepl too), and each
 * tool that still reaches a required capability without asking (a warning naming it). Empty when
 * approvals are off.
 */
export function checkApprovalRules(loaded: LoadedConfig): CheckLine[] {
  const approval = loaded.config.tools.approval;
  if (approval.mode === "off") return [];
  const lines: CheckLine[] = findUnknownApprovalNames(approval).map((finding) => ({
    status: "error",
    code: "unknown_approval_tool",
    jsonPath: `tools.approval.${finding.list}`,
    message: describeApprovalNameFinding(finding),
    suggestion: finding.suggestion
      ? `write "${finding.suggestion}"`
      : "write a tool's exact name (see the Tools section), or mcp__<server>__<tool> for an MCP tool",
  }));
  const added = approvalRequireWithCapabilities(approval).filter(
    (tool) =>
      !approval.require.includes(tool) && !approval.exempt.some((pattern) => matchesToolGlob(pattern, tool)),
  );
  if (added.length > 0) {
    const classes = APPROVAL_CAPABILITY_CLASSES.filter((entry) =>
      entry.members.some((tool) => added.includes(tool)),
    );
    lines.push({
      status: "ok",
      message: `Approval covers every way to the same capability: ${list(added)} ask${added.length === 1 ? "s" : ""} too (${classes.map((entry) => `${entry.name}: ${entry.members.join(", ")}`).join("; ")}).`,
    });
  }
  for (const way of findOpenApprovalWays(approval)) {
    const capability = APPROVAL_CAPABILITY_CLASSES.find((entry) => entry.name === way.capability)!;
    const exempt = way.open.filter((entry) => entry.why === "exempt").map((entry) => entry.tool);
    const unrequired = way.open.filter((entry) => entry.why === "not_required").map((entry) => entry.tool);
    const reasons = [
      exempt.length > 0 ? `${list(exempt)} (in tools.approval.exempt)` : undefined,
      unrequired.length > 0
        ? `${list(unrequired)} (not in tools.approval.require; they run code, which can ${capability.capability})`
        : undefined,
    ].filter((part) => part !== undefined);
    lines.push({
      status: "warning",
      code: "approval_way_open",
      jsonPath: "tools.approval",
      message: `${list(way.required)} ask${way.required.length === 1 ? "s" : ""} before ${way.required.length === 1 ? "it" : "they"} ${capability.capability}, but ${reasons.join(" and ")} can ${capability.capability} without approval.`,
      suggestion: `add ${list(way.open.map((entry) => `"${entry.tool}"`))} to tools.approval.require (and out of exempt), or withhold ${way.open.length === 1 ? "it" : "them"} with tools.disallowedTools`,
    });
  }
  return lines;
}
