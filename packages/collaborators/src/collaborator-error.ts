/** Codes of {@link CollaboratorError}. */
export type CollaboratorErrorCode =
  /** A tool argument or A2A request outside the accepted form. */
  | "invalid_argument"
  /** A collaborator name the config does not declare. */
  | "unknown_collaborator"
  /** The collaborator's agent card could not be fetched, or it declares no usable endpoint. */
  | "card_unavailable"
  /** The collaborator could not be reached, refused the call (HTTP 401/403), or answered an HTTP error. */
  | "peer_unreachable"
  /** The answer passed `maxAnswerBytes`. */
  | "answer_too_large"
  /** The answer nests arrays and objects deeper than the bound. */
  | "answer_too_deep"
  /** The answer is not an A2A answer (not JSON, not a task or message, an unknown task state). */
  | "answer_malformed"
  /** No answer within `waitMs`, and the task could not be handed off. */
  | "answer_timeout"
  /** The collaborator's task failed, was rejected or cancelled. */
  | "task_failed";

const BRAND = Symbol.for("@mono-agent/collaborators/CollaboratorError");

/** The one error class of @mono-agent/collaborators. Messages name the collaborator and the fix, never a secret. */
export class CollaboratorError extends Error {
  readonly code: CollaboratorErrorCode;
  readonly [BRAND] = true;

  constructor(code: CollaboratorErrorCode, message: string, options: { cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "CollaboratorError";
    this.code = code;
  }

  /** True for a CollaboratorError from any copy of this package. */
  static isInstance(value: unknown): value is CollaboratorError {
    return typeof value === "object" && value !== null && (value as { [BRAND]?: unknown })[BRAND] === true;
  }
}
