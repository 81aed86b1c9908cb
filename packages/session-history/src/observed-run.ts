/**
 * What the session-history observer and the cold reseed need to know about a run. A host's own run
 * record (mono-agent's `RunStartInfo`) satisfies it structurally.
 */
export interface ObservedRun {
  runId: string;
  conversationId: string;
  startedAt: Date;
  /** The run's abort signal: a result that arrives after it fired is recorded as aborted. */
  signal: AbortSignal;
  /** `isolated` and `source` decide whether the run's records are isolated. */
  request: { isolated?: boolean; source?: string };
}
