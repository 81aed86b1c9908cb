/**
 * Remembers which platform events (Slack event ids, Telegram update ids) were already taken, so a retried
 * delivery starts no second run. The SQLite implementation is `@mono-agent/channel-kit/sqlite`; a store
 * shared by several hosts (Postgres) implements the same interface.
 */
export interface EventDedupeStore {
  /** True the first time `eventKey` is seen (and records it), false for every repeat. */
  firstSeen(eventKey: string): Promise<boolean>;
  close(): Promise<void>;
}

/** An in-memory store for one process and tests: the newest `maxKeys` keys are remembered. */
export function createMemoryEventDedupeStore(maxKeys = 10_000): EventDedupeStore {
  const seen = new Set<string>();
  return {
    async firstSeen(eventKey) {
      if (seen.has(eventKey)) return false;
      seen.add(eventKey);
      if (seen.size > maxKeys) seen.delete(seen.values().next().value as string);
      return true;
    },
    async close() {},
  };
}
