import { randomUUID } from "node:crypto";
import { stripHiddenCharacters } from "@mono-agent/evidence";
import type { AskAudience } from "./ask-audience.js";
import type { AskBroker } from "./ask-broker.js";
import type { ApprovalStore } from "./ask-store.js";
import {
  type ApprovalRules,
  type ApprovalSubject,
  decideApproval,
  hashToolArguments,
} from "./decide-approval.js";
import { InteractionError } from "./interaction-error.js";

/** Longest argument preview on an approval card, in characters: enough to judge a call, not a dump. */
export const APPROVAL_PREVIEW_MAX_CHARACTERS = 2_000;

/** What an approval needs of the host: the broker that asks and the store that keeps grants. */
export interface ApprovalHost {
  readonly broker: AskBroker;
  readonly store: ApprovalStore;
}

/** The run a call belongs to. */
export interface ApprovalRun {
  runId: string;
  conversationId: string;
  signal: AbortSignal;
  /** The host's redaction of secrets, applied to the argument preview. */
  redactText: (text: string) => string;
  /** Who may decide the run's approvals: `askAudience(rules, "approval", startedBy)`. */
  audience: AskAudience;
}

/** A call about to start: what the host knows of the tool, and the arguments the model gave. */
export interface ApprovalCall extends ApprovalSubject {
  args: unknown;
}

/** Whether the call may start: `{ allowed: true }`, or a denial whose reason the model reads. */
export type ApprovalVerdict = { allowed: true } | { allowed: false; reason: string };

const ALLOWED: ApprovalVerdict = { allowed: true };
const denied = (reason: string): ApprovalVerdict => ({ allowed: false, reason });

/**
 * Decides a call under `tools.approval` before the tool starts: allowed when no rule asks or a live grant
 * (run / conversation / always) covers it, otherwise a person is asked through the conversation's channel.
 * A denial, no answer in time, or no channel that can answer deny the call with a reason that says so;
 * every answer is stored as a durable approval record.
 */
export async function askApproval(
  host: ApprovalHost,
  rules: ApprovalRules,
  run: ApprovalRun,
  call: ApprovalCall,
  signal?: AbortSignal,
): Promise<ApprovalVerdict> {
  const { toolName } = call;
  const need = decideApproval(rules, {
    toolName,
    external: call.external,
    ...(call.annotations ? { annotations: call.annotations } : {}),
  });
  if (!need.ask) return ALLOWED;
  const argumentsHash = hashToolArguments(call.args);
  const lookup = { toolName, argumentsHash, runId: run.runId, conversationId: run.conversationId };
  if (host.store.findGrant({ ...lookup, now: Date.now() })) return ALLOWED;
  if (!host.broker.canAnswer("approval", run.conversationId))
    return denied(
      `Denied: ${toolName} needs approval (${need.reason}) and no one can answer here (no terminal or browser to ask). Do not retry it; say what you wanted to do instead.`,
    );
  if (!host.broker.canAnswer("approval", run.conversationId, run.audience))
    return denied(
      `Denied: ${toolName} needs approval (${need.reason}) and no one who may decide it can be reached here (no person started this run and no configured approver is in this conversation's channel). Do not retry it; say what you wanted to do instead.`,
    );
  // Text hidden from the person (tag characters) is taken out of what they are shown, and they are told.
  const fullPreview = run.redactText(JSON.stringify(call.args ?? {}, null, 2));
  const visiblePreview = stripHiddenCharacters(fullPreview);
  const preview =
    visiblePreview === fullPreview
      ? fullPreview
      : `(hidden characters removed from this preview)\n${visiblePreview}`;
  let ask: Awaited<ReturnType<AskBroker["ask"]>>;
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
        audience: run.audience,
      },
      signal ? AbortSignal.any([signal, run.signal]) : run.signal,
    );
  } catch (error) {
    if (InteractionError.isInstance(error))
      return denied(
        `Denied: ${toolName} needs approval and the question could not be asked (${error.message}).`,
      );
    throw error;
  }
  const answer = ask.answer;
  if (ask.status === "expired")
    return denied(`Denied: ${toolName} needs approval and no answer came within ${rules.timeoutMs} ms.`);
  if (ask.status !== "answered" || answer?.kind !== "approval" || ask.answeredBy === undefined)
    return denied(
      `Denied: the approval question for ${toolName} was cancelled (${ask.cancelReason ?? "cancelled"}).`,
    );
  host.store.insertApproval({
    approvalId: randomUUID(),
    ...lookup,
    decision: answer.decision,
    scope: answer.scope,
    answeredBy: ask.answeredBy,
    answeredAt: ask.settledAt ?? Date.now(),
    expiresAt: null,
  });
  if (answer.decision === "approve") return ALLOWED;
  const who = ask.answeredBy.displayName ?? ask.answeredBy.userId ?? `the ${ask.answeredBy.channel} user`;
  return denied(
    `Denied by ${who}: the call of ${toolName} was not approved. Do not retry it; ask what to do instead.`,
  );
}
