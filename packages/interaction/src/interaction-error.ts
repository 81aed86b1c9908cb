/**
 * Codes carried by {@link InteractionError}; an HTTP layer maps each to a status.
 *
 * - `ask_pending` (409): the physical conversation already has a pending ask; one at a time.
 * - `ask_not_found` (404): no ask has that id.
 * - `ask_not_pending` (409): the ask is already answered, expired or cancelled.
 * - `invalid_ask` (400): an ask's input is malformed (the message names the field and the accepted form).
 * - `invalid_answer` (400): an answer does not fit the ask (unknown option, bad form value, wrong kind).
 * - `not_an_answerer` (403): the person may not answer this ask (not the asker, not a configured
 *   approver); the ask stays open and the message says who may.
 * - `no_channel` (503): no channel can answer asks of this conversation.
 * - `channel_failed` (502): the conversation's channel failed to show the ask (it is cancelled).
 * - `interaction_store_failed` (500): the ask or approval store could not be opened, read or written.
 */
export type InteractionErrorCode =
  | "ask_pending"
  | "ask_not_found"
  | "ask_not_pending"
  | "invalid_ask"
  | "invalid_answer"
  | "not_an_answerer"
  | "no_channel"
  | "channel_failed"
  | "interaction_store_failed";

const BRAND = Symbol.for("@mono-agent/interaction/InteractionError");

/** The one error class of `@mono-agent/interaction`. Check with {@link InteractionError.isInstance}. */
export class InteractionError extends Error {
  readonly code: InteractionErrorCode;
  readonly [BRAND] = true;

  constructor(code: InteractionErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "InteractionError";
    this.code = code;
  }

  /** True for an InteractionError from any copy of this package (safer than `instanceof`). */
  static isInstance(value: unknown): value is InteractionError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}
