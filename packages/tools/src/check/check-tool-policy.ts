import type { CheckLine, LoadedConfig } from "@mono-agent/config";
import {
  createToolPolicy,
  findUnknownToolNames,
  type MemoryAvailability,
  type ToolPolicy,
  ToolPolicyError,
  toolsStillOffered,
} from "@mono-agent/policy";

/**
 * The tool-policy findings of `mono-agent validate` (Tools & MCP): which tools `tools.allowedTools` and
 * `tools.disallowedTools` allow, what stays offered with `allowedTools: []`, and each name the policy does
 * not know, gate or still accepts as an alias. `memory` is what the host's memory store supports.
 */
export function checkToolPolicy(loaded: LoadedConfig, options: { memory: MemoryAvailability }): CheckLine[] {
  const { allowedTools, disallowedTools } = loaded.config.tools;
  let policy: ToolPolicy;
  try {
    policy = createToolPolicy({ allowedTools, disallowedTools });
  } catch (error) {
    if (!ToolPolicyError.isInstance(error)) throw error;
    return [
      {
        status: "error",
        code: error.code,
        jsonPath: "tools.allowedTools",
        message: error.message,
        suggestion: "list each tool once, in one of allowedTools or disallowedTools",
      },
    ];
  }
  const lines: CheckLine[] = [];
  const denied = disallowedTools.length > 0 ? ` (except: ${disallowedTools.join(", ")})` : "";
  if (allowedTools === undefined || allowedTools.includes("*")) {
    lines.push({ status: "ok", message: `All tools allowed${denied}.` });
  } else if (allowedTools.length === 0) {
    const servers = Object.values(loaded.mcpServers).filter((server) => server.spec.enabled !== false);
    const stillOffered = [
      ...servers.map((server) => `every tool of MCP server ${server.name}`),
      ...toolsStillOffered(policy, { memory: options.memory })
        .filter((decision) => decision.name === "MemoryRecall")
        .map(() => "MemoryRecall (not gated by tools.allowedTools; memory.recallTool.enabled governs it)"),
    ];
    lines.push({
      status: stillOffered.length > 0 ? "warning" : "ok",
      code: "no_tools_allowed",
      message:
        stillOffered.length > 0
          ? `No built-in or policy-gated tools allowed (allowedTools: []), but these are still offered because tools.allowedTools does not gate them: ${stillOffered.join("; ")}.`
          : "No tools allowed (allowedTools: []): the agent can chat but cannot read files, run commands or use app-owned tools.",
      ...(stillOffered.length > 0
        ? {
            suggestion: `to withhold an MCP tool, remove or don't declare its server${stillOffered.some((item) => item.startsWith("MemoryRecall")) ? "; to withhold MemoryRecall, set memory.recallTool.enabled to false" : ""}`,
          }
        : {}),
    });
  } else {
    lines.push({ status: "ok", message: `Allowed tools: ${allowedTools.join(", ")}${denied}` });
  }
  for (const finding of findUnknownToolNames(policy)) {
    const jsonPath = `tools.${finding.list}`;
    switch (finding.finding) {
      case "external":
        lines.push({
          status: "ok",
          message: `${jsonPath} names external MCP tool ${finding.name}: not checked offline, and the policy does not gate external MCP tools`,
        });
        break;
      case "deprecated_alias":
        lines.push({
          status: "warning",
          code: "deprecated_tool_alias",
          jsonPath,
          message: `"${finding.name}" is a deprecated alias of ${finding.deprecatedAliasFor}`,
          suggestion: `write ${finding.deprecatedAliasFor}`,
        });
        break;
      case "not_gated":
        lines.push({
          status: "warning",
          code: "tool_not_gated",
          jsonPath,
          message: `"${finding.name}" in ${jsonPath} has no effect: ${finding.deprecatedAliasFor ?? finding.name} is governed by its own switch, not by the tool policy`,
          suggestion:
            finding.name.startsWith("Memory") || finding.deprecatedAliasFor === "MemoryRecall"
              ? "use memory.recallTool.enabled to turn MemoryRecall on or off"
              : `remove "${finding.name}" from ${jsonPath}`,
        });
        break;
      default:
        lines.push({
          status: "warning",
          code: "unknown_tool_name",
          jsonPath,
          message: `unknown tool name "${finding.name}" in ${jsonPath} (it would be ignored)`,
          ...(finding.suggestion ? { suggestion: `did you mean "${finding.suggestion}"?` } : {}),
        });
    }
  }
  return lines;
}
