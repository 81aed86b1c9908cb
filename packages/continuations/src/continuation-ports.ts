import type { ContinuationMode } from "./continuation-states.js";
import type { OriginContextSnapshot } from "./origin-context.js";

/** One synthesis: a model turn with tools disabled over the origin context and the untrusted result. */
export interface ContinuationSynthesisRequest {
  continuationId: string;
  mode: ContinuationMode;
  serverName: string;
  originConversationId: string;
  originContext: OriginContextSnapshot;
  /** The result payload, untrusted. */
  payload: unknown;
  /** The turn must offer no tools (reference §7.3). */
  toolsDisabled: true;
  /** The synthesis turn itself is not appended to any conversation; delivery does that. */
  deferHistoryCommit: true;
  /** Aborted at `limits.synthesisTimeoutMs` or when the service stops. */
  signal: AbortSignal;
}

/** The host's synthesis: throws (or rejects) when no text could be produced. */
export interface ContinuationSynthesizer {
  synthesize(request: ContinuationSynthesisRequest): Promise<{ text: string }>;
}

/** One delivery of a synthesized message. */
export interface ContinuationDeliveryRequest {
  continuationId: string;
  /** Stable per record: the same value on every attempt, so a channel can recognise a repeat. */
  deliveryId: string;
  conversationId: string;
  /** The MCP server that claimed the continuation. */
  serverName: string;
  /** The run whose tool call claimed it. */
  originRunId: string;
  text: string;
  mode: ContinuationMode;
  signal: AbortSignal;
}

/** Where a delivered continuation came from (for channels that record deliveries). */
export type ContinuationDeliveryOrigin = Pick<ContinuationDeliveryRequest, "serverName" | "originRunId">;

/** What a channel reports after posting. */
export interface ContinuationDeliveryOutcome {
  channel?: string;
  deliveryId: string;
  historyRecorded: boolean;
  historyErrorCode?: string;
}

/**
 * A channel port: posts a message into a conversation. A throw means "not delivered" (retried with
 * backoff); a timeout means "unknown" (`delivery_unknown`), unless `lookupDelivery` can tell.
 */
export interface ContinuationChannel {
  /** The channel allowlist, checked at synthesis and again at delivery. */
  accepts(conversationId: string): boolean;
  deliver(request: ContinuationDeliveryRequest): Promise<ContinuationDeliveryOutcome>;
  /**
   * Whether `deliveryId` already reached `conversationId` (a channel that can tell: the conversation
   * store). Recovery uses it for a record whose delivery was under way when the process died; without
   * it such a record becomes `delivery_unknown`.
   */
  lookupDelivery?(
    deliveryId: string,
    conversationId: string,
    origin?: ContinuationDeliveryOrigin,
  ): Promise<ContinuationDeliveryOutcome | undefined>;
}
