import { matchesToolGlob } from "./matches-tool-glob.js";
import { suggestToolName } from "./suggest-tool-name.js";
import { TOOL_CATALOG } from "./tool-catalog.js";
import { acceptedSpellings, parseMcpSpelling, WILDCARD } from "./tool-spellings.js";
import { ToolPolicyError } from "./tool-policy-error.js";

/** The lists of `tools.approval` whose entries name tools (globs: `*`, `?`). */
export interface ApprovalRuleLists {
  require: readonly string[];
  exempt: readonly string[];
}

/**
 * Ways to reach one capability. A person who requires approval for one member asks, in effect, for all
 * of them: `run-code` (Bash, Exec and NodeRepl each run any program), `write-files` (Write and Edit,
 * and every `run-code` tool, which can write files too).
 */
export interface ApprovalCapabilityClass {
  readonly name: "run-code" | "write-files";
  /** The tools an approval for one of them covers (each asks once one of them is required). */
  readonly members: readonly string[];
  /** Tools outside `members` that reach the same capability; `validate` names them when they run unasked. */
  readonly alsoReachedBy: readonly string[];
  /** What the class can do, for messages ("run any program"). */
  readonly capability: string;
}

/** The capability classes of the built-in tools (docs/interaction.md, docs/policy.md). */
export const APPROVAL_CAPABILITY_CLASSES: readonly ApprovalCapabilityClass[] = Object.freeze([
  {
    name: "run-code",
    members: ["Bash", "Exec", "NodeRepl"],
    alsoReachedBy: [],
    capability: "run any program",
  },
  {
    name: "write-files",
    members: ["Write", "Edit"],
    alsoReachedBy: ["Bash", "Exec", "NodeRepl"],
    capability: "write files",
  },
]);

/** A `tools.approval` entry that names no tool the model can call, with the fix. */
export interface ApprovalNameFinding {
  list: "require" | "exempt";
  name: string;
  /** `unknown`: matches no tool; `alias`: a legacy alias, never the name a model calls. */
  finding: "unknown" | "alias";
  /** The name to write instead, when one is close (case, separators, one or two typos). */
  suggestion?: string;
}

/** A capability some required tool reaches that other tools still reach without asking. */
export interface OpenApprovalWay {
  capability: ApprovalCapabilityClass["name"];
  /** Required tools of the class (after `exempt`). */
  required: string[];
  /** Tools that reach the capability without asking, each with why (`exempt`, or not in `require`). */
  open: { tool: string; why: "exempt" | "not_required" }[];
}

const GLOB = /[*?]/;

function findingFor(list: ApprovalNameFinding["list"], name: string): ApprovalNameFinding | undefined {
  if (name === WILDCARD || parseMcpSpelling(name) !== undefined) return undefined;
  if (GLOB.test(name)) {
    const matchesSome = TOOL_CATALOG.some((entry) =>
      [entry.name, ...acceptedSpellings(entry).filter((spelling) => spelling.startsWith("mcp__"))].some(
        (spelling) => matchesToolGlob(name, spelling),
      ),
    );
    return matchesSome ? undefined : { list, name, finding: "unknown" };
  }
  const entry = TOOL_CATALOG.find((candidate) => acceptedSpellings(candidate).includes(name));
  if (entry !== undefined)
    return entry.aliases.includes(name)
      ? { list, name, finding: "alias", suggestion: entry.name }
      : undefined;
  const suggestion = suggestToolName(name);
  return suggestion === undefined
    ? { list, name, finding: "unknown" }
    : { list, name, finding: "unknown", suggestion };
}

/**
 * The entries of `tools.approval.require` and `exempt` that name no tool a model calls, checked like the
 * allow/deny lists (exact, case-sensitive) with a did-you-mean: `"write"` matches nothing (`Write` is the
 * tool), nor does an alias (`node_repl`). `mcp__<server>__…` names and globs that match a known tool pass.
 */
export function findUnknownApprovalNames(rules: ApprovalRuleLists): ApprovalNameFinding[] {
  return [
    ...rules.require.map((name) => findingFor("require", name)),
    ...rules.exempt.map((name) => findingFor("exempt", name)),
  ].filter((finding) => finding !== undefined);
}

/** One line per finding, as `validate` and the run-start error show it. */
export function describeApprovalNameFinding(finding: ApprovalNameFinding): string {
  const where = `tools.approval.${finding.list}`;
  if (finding.finding === "alias")
    return `"${finding.name}" in ${where} is an alias; calls are named ${finding.suggestion}, so write "${finding.suggestion}"`;
  return `"${finding.name}" in ${where} names no tool (names are case-sensitive)${finding.suggestion ? `; did you mean "${finding.suggestion}"?` : ""}`;
}

/**
 * Throws `invalid_approval_rule` naming every unknown or alias entry of `tools.approval` (see
 * {@link findUnknownApprovalNames}): a rule that matches nothing would let the call run unasked.
 */
export function assertApprovalRules(rules: ApprovalRuleLists): void {
  const findings = findUnknownApprovalNames(rules);
  if (findings.length === 0) return;
  throw new ToolPolicyError(
    "invalid_approval_rule",
    `tools.approval names tools that do not exist, so their calls would run without asking: ${findings.map(describeApprovalNameFinding).join("; ")}.`,
  );
}

const matchesAny = (patterns: readonly string[], tool: string) =>
  patterns.some((pattern) => matchesToolGlob(pattern, tool));

/**
 * `require` with every member of each capability class one of whose members it requires (and `exempt`
 * does not exempt): requiring `Bash` makes `Exec` and `NodeRepl` ask too, requiring `Write` makes `Edit`
 * ask. Pass the result to the approval gate.
 */
export function approvalRequireWithCapabilities(rules: ApprovalRuleLists): string[] {
  const required = [...rules.require];
  for (const capabilityClass of APPROVAL_CAPABILITY_CLASSES) {
    const covered = capabilityClass.members.some(
      (tool) => matchesAny(rules.require, tool) && !matchesAny(rules.exempt, tool),
    );
    if (!covered) continue;
    for (const tool of capabilityClass.members) if (!required.includes(tool)) required.push(tool);
  }
  return required;
}

/**
 * For each capability a required tool reaches, the tools that still reach it without asking once
 * {@link approvalRequireWithCapabilities} is applied: members `exempt` names, and the code runners when
 * only Write/Edit are required. Empty when every way asks.
 */
export function findOpenApprovalWays(rules: ApprovalRuleLists): OpenApprovalWay[] {
  const require = approvalRequireWithCapabilities(rules);
  const asks = (tool: string) => matchesAny(require, tool) && !matchesAny(rules.exempt, tool);
  return APPROVAL_CAPABILITY_CLASSES.flatMap((capabilityClass) => {
    const required = capabilityClass.members.filter(asks);
    if (required.length === 0) return [];
    const open = [...capabilityClass.members, ...capabilityClass.alsoReachedBy]
      .filter((tool) => !asks(tool))
      .map((tool) => ({
        tool,
        why: matchesAny(rules.exempt, tool) ? ("exempt" as const) : ("not_required" as const),
      }));
    return open.length === 0 ? [] : [{ capability: capabilityClass.name, required, open }];
  });
}
