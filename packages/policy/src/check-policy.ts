import { createToolPolicy, type ToolPolicy } from "./create-tool-policy.js";
import type { ToolCatalogEntry } from "./tool-catalog.js";
import { acceptedSpellings, WILDCARD } from "./tool-spellings.js";

/** Why the policy refuses a gated tool: named or `*` in disallowedTools, or absent from a specific allowlist. */
export type PolicyRefusal = { reason: "denied" | "not_allowed"; detail: string };

/**
 * The allow/deny verdict for one catalog tool, ignoring availability. Deny wins: a tool is refused
 * when disallowedTools has `*` or any of its spellings; otherwise allowed when allowedTools is omitted,
 * has `*`, or has any of its spellings. Ungated tools are never refused.
 */
export function checkPolicy(policy: ToolPolicy, entry: ToolCatalogEntry): PolicyRefusal | undefined {
  const { allowedTools, disallowedTools } = createToolPolicy(policy);
  if (!entry.gated) return undefined;
  const spellings = acceptedSpellings(entry);
  const denyEntry = disallowedTools.find((name) => name === WILDCARD || spellings.includes(name));
  if (denyEntry !== undefined) {
    return {
      reason: "denied",
      detail: `${entry.name} is denied by tools.disallowedTools entry ${JSON.stringify(denyEntry)}; deny always wins. Remove that entry to offer it.`,
    };
  }
  if (allowedTools === undefined || allowedTools.includes(WILDCARD)) return undefined;
  if (allowedTools.some((name) => spellings.includes(name))) return undefined;
  const hint = entry.serverName === undefined ? "" : ` (or ${JSON.stringify(spellings.at(-1))})`;
  return {
    reason: "not_allowed",
    detail:
      allowedTools.length === 0
        ? `tools.allowedTools is [] so no policy-gated tool is offered; add ${JSON.stringify(entry.name)}${hint} to offer ${entry.name}.`
        : `tools.allowedTools does not name ${entry.name}; add ${JSON.stringify(entry.name)}${hint} to offer it.`,
  };
}
