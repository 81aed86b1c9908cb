import type { BeforeToolCallContext, BeforeToolCallResult } from "@mariozechner/pi-agent-core";
import {
  type ApprovalHost,
  type ApprovalRules,
  type ApprovalRun,
  askApproval,
} from "@mono-agent/interaction";
import { mcpAgentToolInfo } from "@mono-agent/mcp-bridge";

/** What the gate needs of the run. */
export type ApprovalGateRun = ApprovalRun;

/**
 * pi's `beforeToolCall` for `tools.approval`: a call that needs approval waits for a person (before the
 * tool starts, so no idle timeout runs meanwhile) through `askApproval`; a denial blocks the call with an
 * error result that says why. Tools of servers named `mono-agent-*` count as the host's own, not external.
 */
export function createApprovalGate(host: ApprovalHost, rules: ApprovalRules, run: ApprovalGateRun) {
  return async (
    context: BeforeToolCallContext,
    signal?: AbortSignal,
  ): Promise<BeforeToolCallResult | undefined> => {
    const toolName = context.toolCall.name;
    const tool = context.context.tools?.find((candidate) => candidate.name === toolName);
    const info = tool ? mcpAgentToolInfo(tool) : undefined;
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
