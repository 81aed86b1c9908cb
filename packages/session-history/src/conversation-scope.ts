import { logicalConversationId } from "@mono-agent/ids";

/** Daily session rollover: reference §3.4 (`runtime.session.rollover`). */
export type SessionRollover = "none" | "daily";

/** A conversation id without its `#YYYY-MM-DD` rollover bucket (`telegram:42#2026-07-12` → `telegram:42`). */
export const withoutRolloverBucket = logicalConversationId;

/**
 * Who is asking, and what they may see: the logical session of `conversationId` (every daily bucket of
 * it when `rollover` is `"daily"`; the exact id, `#` and all, otherwise), except the exact active
 * (`conversationId`, `runId`) pair. Isolated records only with `includeIsolated`.
 */
export interface SessionScope {
  /** The physical conversation of the active run. */
  readonly conversationId: string;
  /** The active run: its own calls are never returned. */
  readonly runId: string;
  readonly rollover: SessionRollover;
  readonly includeIsolated: boolean;
}

/** The logical conversation the scope covers. */
export function logicalConversationOf(scope: Pick<SessionScope, "conversationId" | "rollover">): string {
  return scope.rollover === "daily" ? withoutRolloverBucket(scope.conversationId) : scope.conversationId;
}

/** True when a record of (`conversationId`, `runId`, `isolated`) is visible in `scope`. */
export function isInScope(
  scope: SessionScope,
  record: { conversationId: string; runId: string; isolated: boolean },
): boolean {
  if (record.isolated && !scope.includeIsolated) return false;
  if (record.conversationId === scope.conversationId && record.runId === scope.runId) return false;
  if (scope.rollover === "daily") {
    return withoutRolloverBucket(record.conversationId) === withoutRolloverBucket(scope.conversationId);
  }
  return record.conversationId === scope.conversationId;
}
