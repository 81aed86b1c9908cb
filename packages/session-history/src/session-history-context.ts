import type { SecretScanner } from "@mono-agent/evidence";
import type { SessionRollover, SessionScope } from "./conversation-scope.js";
import type { SessionHistoryStore } from "./session-history-store.js";

/** What one SessionHistory server is bound to: a store and the active run it serves. */
export interface SessionHistoryContext {
  readonly store: SessionHistoryStore;
  /** Physical conversation id of the active run. */
  readonly conversationId: string;
  /** The active run; only the exact (conversationId, runId) pair is blocked. */
  readonly runId: string;
  /** `runtime.session.rollover`; with `"daily"` every `#YYYY-MM-DD` bucket shares one scope. Default `"none"`. */
  readonly rollover?: SessionRollover;
  /** SHA-256 base64url, first 24 characters: pass `shortDigest` from `@mono-agent/evidence/node`. */
  readonly digest: (text: string) => string;
  /** Re-applied to every returned preview and chunk (stored payloads are already redacted). */
  readonly secretScanner?: SecretScanner;
}

/** The scope of one call. */
export function scopeOf(context: SessionHistoryContext, includeIsolated: boolean): SessionScope {
  return {
    conversationId: context.conversationId,
    runId: context.runId,
    rollover: context.rollover ?? "none",
    includeIsolated,
  };
}
