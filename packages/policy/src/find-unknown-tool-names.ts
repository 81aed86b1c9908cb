import leven from "leven";
import { createToolPolicy, type ToolPolicy } from "./create-tool-policy.js";
import { MAX_SUGGESTION_DISTANCE, suggestToolName } from "./suggest-tool-name.js";
import { APP_OWNED_SERVER_NAMES, TOOL_CATALOG } from "./tool-catalog.js";
import { acceptedSpellings, parseMcpSpelling, WILDCARD } from "./tool-spellings.js";

/**
 * One policy entry `validate` should mention:
 * - `unknown`: matches no tool (the runtime would silently ignore it); `suggestion` when a close name exists;
 * - `deprecated_alias`: a legacy alias; `deprecatedAliasFor` is the canonical name to write instead;
 * - `not_gated`: names a tool the policy does not gate (MemoryRecall, AskCollaborator), so it has no effect;
 * - `external`: an `mcp__<server>__…` name of a server the host does not own; it cannot be checked
 *   offline and the policy does not gate external MCP tools anyway.
 */
export interface ToolNameFinding {
  list: "allowedTools" | "disallowedTools";
  name: string;
  finding: "unknown" | "deprecated_alias" | "not_gated" | "external";
  suggestion?: string;
  deprecatedAliasFor?: string;
  external?: true;
  serverName?: string;
}

function isNearAppOwnedServer(serverName: string): boolean {
  const lowered = serverName.toLowerCase();
  return APP_OWNED_SERVER_NAMES.some((server) => leven(server, lowered) <= MAX_SUGGESTION_DISTANCE);
}

function findingFor(list: ToolNameFinding["list"], name: string): ToolNameFinding | undefined {
  const entry = TOOL_CATALOG.find((candidate) => acceptedSpellings(candidate).includes(name));
  if (entry !== undefined) {
    const isAlias = entry.aliases.includes(name);
    if (!entry.gated) {
      return isAlias
        ? { list, name, finding: "not_gated", deprecatedAliasFor: entry.name }
        : { list, name, finding: "not_gated" };
    }
    return isAlias ? { list, name, finding: "deprecated_alias", deprecatedAliasFor: entry.name } : undefined;
  }
  const parsed = parseMcpSpelling(name);
  if (parsed !== undefined && !isNearAppOwnedServer(parsed.serverName)) {
    return { list, name, finding: "external", external: true, serverName: parsed.serverName };
  }
  const suggestion = suggestToolName(name);
  return suggestion === undefined
    ? { list, name, finding: "unknown" }
    : { list, name, finding: "unknown", suggestion };
}

/**
 * The policy entries that are not `*` and not a plain canonical name of a gated tool, each with a
 * did-you-mean, deprecation, not-gated or external note. Throws `invalid_tool_policy` for a malformed policy.
 */
export function findUnknownToolNames(policy: ToolPolicy): ToolNameFinding[] {
  const { allowedTools = [], disallowedTools } = createToolPolicy(policy);
  const entries = [
    ...allowedTools.map((name) => ["allowedTools", name] as const),
    ...disallowedTools.map((name) => ["disallowedTools", name] as const),
  ];
  return entries.flatMap(([list, name]) => {
    if (name === WILDCARD) return [];
    const finding = findingFor(list, name);
    return finding === undefined ? [] : [finding];
  });
}
