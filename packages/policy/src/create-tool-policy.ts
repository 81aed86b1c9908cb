import { ToolPolicyError } from "./tool-policy-error.js";
import { WILDCARD } from "./tool-spellings.js";

/** What a caller passes, usually `config.tools`; both lists may be omitted. */
export interface ToolPolicyInput {
  /** Omitted or containing `*` ⇒ allow every gated tool; `[]` ⇒ allow none. */
  allowedTools?: readonly string[] | undefined;
  /** Deny always wins, even under allow-all; `*` denies every gated tool. */
  disallowedTools?: readonly string[] | undefined;
}

/** A validated policy: trimmed, non-empty, unique entries; `allowedTools` stays undefined when omitted. */
export interface ToolPolicy {
  readonly allowedTools?: readonly string[];
  readonly disallowedTools: readonly string[];
}

type PolicyListName = "allowedTools" | "disallowedTools";

const createdPolicies = new WeakSet<object>();

function readList(input: Record<string, unknown>, list: PolicyListName): string[] | undefined {
  const value = input[list];
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) {
    throw new ToolPolicyError(
      "invalid_tool_policy",
      `tools.${list} must be an array of tool names (or omitted); got ${value === null ? "null" : typeof value}.`,
    );
  }
  const names = value.map((entry: unknown, index) => {
    const name = typeof entry === "string" ? entry.trim() : "";
    if (name === "") {
      throw new ToolPolicyError(
        "invalid_tool_policy",
        `tools.${list}[${index}] must be a non-empty tool name string such as "Read" or "*"; got ${JSON.stringify(entry) ?? typeof entry}.`,
      );
    }
    return name;
  });
  const seen = new Map<string, string>();
  for (const name of names) {
    const earlier = seen.get(name.toLowerCase());
    if (earlier !== undefined) {
      throw new ToolPolicyError(
        "invalid_tool_policy",
        `tools.${list} lists ${JSON.stringify(name)} more than once (${JSON.stringify(earlier)} and ${JSON.stringify(name)}; names compare case-insensitively). List each tool once.`,
      );
    }
    seen.set(name.toLowerCase(), name);
  }
  return names;
}

/**
 * Validates and normalises a tool policy. Throws {@link ToolPolicyError} `invalid_tool_policy` when the
 * input is not an object, a list is not an array of non-empty strings, a list repeats a name, or a
 * name is in both lists (all comparisons case-insensitive).
 */
export function createToolPolicy(input: ToolPolicyInput = {}): ToolPolicy {
  if (createdPolicies.has(input)) return input as ToolPolicy;
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    throw new ToolPolicyError(
      "invalid_tool_policy",
      "A tool policy must be an object { allowedTools?: string[], disallowedTools?: string[] }.",
    );
  }
  const record = input as Record<string, unknown>;
  const allowedTools = readList(record, "allowedTools");
  const disallowedTools = readList(record, "disallowedTools") ?? [];
  const denied = new Set(disallowedTools.map((name) => name.toLowerCase()));
  const overlap = (allowedTools ?? []).filter((name) => denied.has(name.toLowerCase()));
  if (overlap.length > 0) {
    throw new ToolPolicyError(
      "invalid_tool_policy",
      `Tools cannot be both allowed and disallowed. In both tools.allowedTools and tools.disallowedTools: ${overlap.join(", ")}.`,
    );
  }
  const policy: ToolPolicy =
    allowedTools === undefined
      ? Object.freeze({ disallowedTools: Object.freeze(disallowedTools) })
      : Object.freeze({
          allowedTools: Object.freeze(allowedTools),
          disallowedTools: Object.freeze(disallowedTools),
        });
  createdPolicies.add(policy);
  return policy;
}

/** The programmatic default: no gated tool allowed, nothing denied. */
export function failClosedToolPolicy(): ToolPolicy {
  return createToolPolicy({ allowedTools: [], disallowedTools: [] });
}

/** True when `allowedTools` is omitted or contains `*` (deny entries still apply). */
export function allowsAllTools(policy: ToolPolicy): boolean {
  const { allowedTools } = createToolPolicy(policy);
  return allowedTools === undefined || allowedTools.includes(WILDCARD);
}
