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

/**
 * Tokens and cost of the synthesis turn, as the model provider reported them (the fields of a run
 * record's usage). Each is a finite number ≥ 0; a usage with any other value is not kept.
 */
export interface SynthesisUsage {
  inputTokens: number;
  outputTokens: number;
  totalTokens: number;
  costUsd: number;
}

/** The host's synthesis: throws (or rejects) when no text could be produced. */
export interface ContinuationSynthesizer {
  /**
   * The text to deliver, and optionally what the model turn cost: it is stored on the record with
   * the text and handed to the channel with every delivery attempt (`synthesisUsage`).
   */
  synthesize(request: ContinuationSynthesisRequest): Promise<{ text: string; usage?: SynthesisUsage }>;
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
  /** What the synthesis turn that wrote `text` cost, when the synthesizer reported it. */
  synthesisUsage?: SynthesisUsage;
  signal: AbortSignal;
}

/** Where a delivered continuation came from (for channels that record deliveries). */
export type ContinuationDeliveryOrigin = Pick<
  ContinuationDeliveryRequest,
  "serverName" | "originRunId" | "synthesisUsage"
>;

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
