import { type ApprovalHost, type ApprovalRun, askApproval } from "./ask-approval.js";
import type { ApprovalRules, ApprovalSubject } from "./decide-approval.js";

/** What the gate reads of pi's `BeforeToolCallContext`. */
export interface ApprovalGateContext {
  toolCall: { name: string };
  args: unknown;
  context: { tools?: readonly object[] };
}

/** The MCP tool behind a pi tool, or undefined for a tool of the host (`mcpAgentToolInfo` of @mono-agent/mcp-bridge). */
export type ApprovalToolInfo = (
  tool: object,
) => { serverName: string; annotations?: ApprovalSubject["annotations"] } | undefined;

/**
 * pi's `beforeToolCall` for `tools.approval`: a call that needs approval waits for a person (before the
 * tool starts, so no idle timeout runs meanwhile) through `askApproval`; a denial blocks the call with an
 * error result that says why. Tools of servers named `mono-agent-*` count as the host's own, not external.
 */
export function createApprovalGate(
  host: ApprovalHost,
  rules: ApprovalRules,
  run: ApprovalRun,
  toolInfo: ApprovalToolInfo,
) {
  return async (
    context: ApprovalGateContext,
    signal?: AbortSignal,
  ): Promise<{ block: true; reason: string } | undefined> => {
    const toolName = context.toolCall.name;
    const tool = context.context.tools?.find(
      (candidate) => (candidate as { name?: unknown }).name === toolName,
    );
    const info = tool ? toolInfo(tool) : undefined;
    const verdict = await askApproval(
      host,
      rules,
      run,
      {
        toolName,
        args: context.args,
        external: info !== undefined && !info.serverName.startsWith("mono-agent-"),
        ...(info?.annotations ? { annotations: info.annotations } : {}),
      },
      signal,
    );
    return verdict.allowed ? undefined : { block: true, reason: verdict.reason };
  };
}
