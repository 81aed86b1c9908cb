import type {
  AnsweredBy,
  ApprovalScope,
  AskAnswer,
  AskCancelReason,
  AskRecord,
  AskStatus,
} from "./ask-types.js";

/** What settling an ask writes; the store applies it only while the ask is still `pending`. */
export interface AskSettlement {
  status: Exclude<AskStatus, "pending">;
  settledAt: number;
  answer?: AskAnswer;
  answeredBy?: AnsweredBy;
  cancelReason?: AskCancelReason;
}

/**
 * Durable asks. Implementations: `createSqliteInteractionStore` (`@mono-agent/interaction/sqlite`) and
 * `openPostgresInteractionStore` (`@mono-agent/interaction/postgres`, shared by several hosts).
 */
export interface AskStore {
  /**
   * Inserts a pending ask unless its physical conversation (rollover bucket stripped) already has one:
   * then returns the pending one and inserts nothing. Atomic across processes sharing the store.
   */
  insertIfNoPending(
    ask: AskRecord,
    physicalConversationId: string,
  ): { inserted: true } | { inserted: false; pending: AskRecord };
  get(askId: string): AskRecord | undefined;
  /** Applies a settlement to a pending ask; returns the record after, or undefined when it was not pending. */
  settle(askId: string, settlement: AskSettlement): AskRecord | undefined;
  /** Asks of a conversation (exact id), oldest first, at most `limit`. */
  listByConversation(conversationId: string, limit: number): AskRecord[];
  /** Asks still pending (every conversation). */
  listPending(): AskRecord[];
}

/** One durable approval: what was approved (or denied), for which scope, by whom, until when. */
export interface ApprovalRecord {
  approvalId: string;
  runId: string;
  conversationId: string;
  toolName: string;
  argumentsHash: string;
  decision: "approve" | "deny";
  scope: ApprovalScope;
  answeredBy: AnsweredBy;
  answeredAt: number;
  /** `null` = until revoked. */
  expiresAt: number | null;
  revokedAt?: number;
}

/** A question to the approval store: does a live grant cover this call? */
export interface ApprovalLookup {
  toolName: string;
  argumentsHash: string;
  runId: string;
  conversationId: string;
  now: number;
}

/** Durable approval records. */
export interface ApprovalStore {
  insertApproval(record: ApprovalRecord): void;
  /**
   * The live approving grant for a call, if any: scope `run` of this run, `conversation` of this
   * conversation, or `always`; not revoked, not expired. `once` grants never match a later call.
   */
  findGrant(lookup: ApprovalLookup): ApprovalRecord | undefined;
  /** Every record, newest first, at most `limit`. */
  listApprovals(limit: number): ApprovalRecord[];
  /** Revokes a record; returns false when there is none or it was already revoked. */
  revokeApproval(approvalId: string, now: number): boolean;
}

/** Both stores over one database. */
export interface InteractionStore extends AskStore, ApprovalStore {
  close(): void;
}
