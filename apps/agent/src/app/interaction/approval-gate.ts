import { randomUUID } from "node:crypto";
import type { BeforeToolCallContext, BeforeToolCallResult } from "@mariozechner/pi-agent-core";
import {
  type ApprovalRules,
  decideApproval,
  hashToolArguments,
  InteractionError,
} from "@mono-agent/interaction";
import { mcpAgentToolInfo } from "@mono-agent/mcp-bridge";
import type { InteractionHost } from "./interaction-host.js";

/** Longest argument preview on an approval card, in characters: enough to judge a call, not a dump. */
export const APPROVAL_PREVIEW_MAX_CHARACTERS = 2_000;

/** What the gate needs of the run. */
export interface ApprovalGateRun {
  runId: string;
  conversationId: string;
  signal: AbortSignal;
  /** The host's redaction of secrets, applied to the argument preview. */
  redactText: (text: string) => string;
}

const blocked = (reason: string): BeforeToolCallResult => ({ block: true, reason });

/**
 * pi's `beforeToolCall` for `tools.approval`: a call that needs approval waits for a person (before the
 * tool starts, so no idle timeout runs meanwhile) unless a live grant (run / conversation / always) covers
 * it. A denial, no answer in time, or no channel that can answer block the call with an error result that
 * says so; every answer is stored as a durable approval record.
 */
export function createApprovalGate(host: InteractionHost, rules: ApprovalRules, run: ApprovalGateRun) {
  return async (
    context: BeforeToolCallContext,
    signal?: AbortSignal,
  ): Promise<BeforeToolCallResult | undefined> => {
    const toolName = context.toolCall.name;
    const tool = context.context.tools?.find((candidate) => candidate.name === toolName);
    const info = tool ? mcpAgentToolInfo(tool) : undefined;
    const need = decideApproval(rules, {
      toolName,
      external: info !== undefined && !info.serverName.startsWith("mono-agent-"),
      ...(info?.annotations ? { annotations: info.annotations } : {}),
    });
    if (!need.ask) return undefined;
    const argumentsHash = hashToolArguments(context.args);
    const now = Date.now();
    if (
      host.store.findGrant({
        toolName,
        argumentsHash,
        runId: run.runId,
        conversationId: run.conversationId,
        now,
      })
    )
      return undefined;
    if (!host.broker.canAnswer("approval", run.conversationId))
      return blocked(
        `Denied: ${toolName} needs approval (${need.reason}) and no one can answer here (no terminal or browser to ask). Do not retry it; say what you wanted to do instead.`,
      );
    const preview = run.redactText(JSON.stringify(context.args ?? {}, null, 2));
    let ask: Awaited<ReturnType<typeof host.broker.ask>>;
    try {
      ask = await host.broker.ask(
        {
          kind: "approval",
          runId: run.runId,
          conversationId: run.conversationId,
          prompt: {
            kind: "approval",
            toolName,
            argumentsPreview:
              preview.length > APPROVAL_PREVIEW_MAX_CHARACTERS
                ? `${preview.slice(0, APPROVAL_PREVIEW_MAX_CHARACTERS)}…`
                : preview,
            argumentsHash,
            reason: need.reason,
            scopes: rules.scopes,
          },
          timeoutMs: rules.timeoutMs,
        },
        signal ? AbortSignal.any([signal, run.signal]) : run.signal,
      );
    } catch (error) {
      if (InteractionError.isInstance(error))
        return blocked(
          `Denied: ${toolName} needs approval and the question could not be asked (${error.message}).`,
        );
      throw error;
    }
    const answer = ask.answer;
    if (ask.status === "expired")
      return blocked(`Denied: ${toolName} needs approval and no answer came within ${rules.timeoutMs} ms.`);
    if (ask.status !== "answered" || answer?.kind !== "approval" || ask.answeredBy === undefined)
      return blocked(
        `Denied: the approval question for ${toolName} was cancelled (${ask.cancelReason ?? "cancelled"}).`,
      );
    host.store.insertApproval({
      approvalId: randomUUID(),
      runId: run.runId,
      conversationId: run.conversationId,
      toolName,
      argumentsHash,
      decision: answer.decision,
      scope: answer.scope,
      answeredBy: ask.answeredBy,
      answeredAt: ask.settledAt ?? Date.now(),
      expiresAt: null,
    });
    if (answer.decision === "approve") return undefined;
    const who = ask.answeredBy.displayName ?? ask.answeredBy.userId ?? `the ${ask.answeredBy.channel} user`;
    return blocked(
      `Denied by ${who}: the call of ${toolName} was not approved. Do not retry it; ask what to do instead.`,
    );
  };
}
