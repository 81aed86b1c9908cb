/**
 * - `invalid_tool_policy`: the allow/deny lists are malformed, overlap, or repeat a name.
 * - `unknown_tool`: a tool to evaluate is not in the catalog (use its canonical name).
 * - `invalid_approval_rule`: `tools.approval` names a tool no model calls (mis-cased, an alias, unknown).
 */
export type ToolPolicyErrorCode = "invalid_tool_policy" | "unknown_tool" | "invalid_approval_rule";

const TOOL_POLICY_ERROR_MARKER = Symbol.for("@mono-agent/policy/ToolPolicyError");

/** The one error this package throws. */
export class ToolPolicyError extends Error {
  override readonly name = "ToolPolicyError";
  readonly code: ToolPolicyErrorCode;
  readonly [TOOL_POLICY_ERROR_MARKER] = true;

  constructor(code: ToolPolicyErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  /** True for a ToolPolicyError from any copy of this package (`instanceof` fails across copies). */
  static isInstance(value: unknown): value is ToolPolicyError {
    return (
      typeof value === "object" &&
      value !== null &&
      (value as Record<symbol, unknown>)[TOOL_POLICY_ERROR_MARKER] === true
    );
  }
}
