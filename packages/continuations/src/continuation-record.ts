import type { SynthesisUsage } from "./continuation-ports.js";
import type { ContinuationMode, ContinuationState, OriginContextState } from "./continuation-states.js";

/** What the host recorded when a result reached (or was withheld from) its destination. */
export interface DeliveryReceipt {
  deliveredAt: string;
  /** The channel that took the message (`cli`, `web`, `telegram` …), when one did. */
  channel?: string;
  deliveryId?: string;
  /** The message became part of the destination conversation's history. */
  historyRecorded: boolean;
  historyErrorCode?: string;
  /** Nothing was posted: a `silent` record, or a `notify_if_actionable` result with nothing actionable. */
  suppressed?: boolean;
  /** `capture` mode: the text is kept on the record, never posted. */
  captured?: boolean;
  /** Set when an operator (`resolve`) or start-up recovery, not a delivery attempt, settled the record. */
  resolvedBy?: "operator" | "recovery";
}

/** How the delivered text came about. */
export type CompletionKind = "synthesized" | "origin_context_unavailable" | "no_action";

/** One durable continuation, as the store keeps it (the result payload is read separately). */
export interface ContinuationRecord {
  continuationId: string;
  state: ContinuationState;
  serverName: string;
  originRunId: string;
  /** The producing conversation, including a daily rollover bucket. */
  originConversationId: string;
  /** The physical reply target bound into the claim capability. */
  replyTo?: string;
  historyBoundary: string;
  mode: ContinuationMode;
  /** The named route the claim chose, if any. */
  routeName?: string;
  /** Where delivery goes: the reply target, or the named route's conversation; none for `silent`. */
  destinationConversationId?: string;
  fingerprint: string;
  taskKey: string;
  taskHash: string;
  /** `mcp_task`: an MCP task the host handed off when its run ended (`taskKey` is `mcp-task:<taskId>`). */
  source?: "mcp_task";
  deadlineMs: number;
  claimedAtMs: number;
  updatedAtMs: number;
  result?: { idempotencyKey: string; payloadHash: string; receivedAtMs: number };
  originContextState: OriginContextState;
  originContextHash?: string;
  /** Syntheses started (a second start only happens after the process died during the first). */
  synthesisAttempts: number;
  synthesizedText?: string;
  completionKind?: CompletionKind;
  /** What the synthesis turn that wrote `synthesizedText` cost, when the synthesizer reported it. */
  synthesisUsage?: SynthesisUsage;
  deliveryAttempts: number;
  nextAttemptAtMs?: number;
  /** Set while a delivery attempt is under way: a crash leaves it set (see recovery). */
  deliveryStartedAtMs?: number;
  leaseOwner?: string;
  leaseExpiresAtMs?: number;
  lastError?: { code: string; message: string };
  receipt?: DeliveryReceipt;
}
