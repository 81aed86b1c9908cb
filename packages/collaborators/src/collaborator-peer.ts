/** One collaborator as the host resolved it from the config (its bearer read from the environment). */
export interface CollaboratorPeer {
  /** The name the model uses. */
  readonly name: string;
  /** URL of its agent card. Calls go only to endpoints on this URL's origin. */
  readonly cardUrl: string;
  /** Sent as `Authorization: Bearer <bearer>` to the card's origin only. */
  readonly bearer?: string;
  /** Shown to the model in the tool description. */
  readonly description?: string;
  /** How long one call waits for the answer. */
  readonly waitMs: number;
  /** How long a handed-off task may take. */
  readonly handoffDeadlineMs: number;
  /** Largest answer in bytes (one body, or the sum of a stream's events). */
  readonly maxAnswerBytes: number;
  /** Deepest nesting of arrays and objects in an answer. */
  readonly maxAnswerDepth: number;
}
