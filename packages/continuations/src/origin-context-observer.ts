import { buildOriginContextSnapshot, type OriginContextSnapshot } from "./origin-context.js";
import { toOriginMessages } from "./to-origin-messages.js";

/** The origin-context side of a continuation service (`startContinuationService` from `./node`). */
export interface OriginContextLifecycle {
  /** Closes the run's claim capabilities and drains in-flight claims; resolves to the run's record count. */
  closeRunClaims(runId: string): Promise<number>;
  finalizeOriginContext(runId: string, snapshot: OriginContextSnapshot): void;
  activateOriginContext(runId: string): void;
  abandonOriginContext(runId: string): void;
}

/** The run a hook of {@link createOriginContextObserver} concerns. */
export interface OriginRun {
  runId: string;
  conversationId: string;
}

/** Hooks a host calls around each run (mono-agent: its run observer). */
export interface OriginContextObserver {
  /**
   * At the agent's end: every tool call of the run has returned and its `messages` are not committed
   * yet. Closes the run's claims; if it claimed anything, finalizes the snapshot of the conversation
   * up to and including this run.
   */
  onAgentEnd(run: OriginRun, messages: readonly unknown[]): Promise<void>;
  /** At run end: activates the snapshot when the run succeeded (its messages were committed), else abandons it. */
  onRunEnd(run: OriginRun, succeeded: boolean): Promise<void>;
}

/**
 * The origin-context lifecycle of reference §7.3 over a host's conversation store: `loadMessages`
 * gives the committed messages of a conversation (Pi agent messages, read by {@link toOriginMessages}).
 * A run whose snapshot was abandoned has its results delivered with the fixed
 * origin-context-unavailable text.
 */
export function createOriginContextObserver(options: {
  service: OriginContextLifecycle;
  loadMessages(conversationId: string): Promise<readonly unknown[]>;
}): OriginContextObserver {
  const { service } = options;
  const finalized = new Set<string>();
  return {
    async onAgentEnd(run, messages) {
      const claims = await service.closeRunClaims(run.runId);
      if (claims === 0) return;
      const all = [...(await options.loadMessages(run.conversationId)), ...messages];
      service.finalizeOriginContext(
        run.runId,
        buildOriginContextSnapshot(run.conversationId, run.runId, toOriginMessages(all)),
      );
      finalized.add(run.runId);
    },
    async onRunEnd(run, succeeded) {
      await service.closeRunClaims(run.runId);
      if (succeeded && finalized.has(run.runId)) service.activateOriginContext(run.runId);
      else service.abandonOriginContext(run.runId);
      finalized.delete(run.runId);
    },
  };
}
