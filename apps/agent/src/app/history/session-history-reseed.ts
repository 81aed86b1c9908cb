import type { AgentMessage } from "@mariozechner/pi-agent-core";
import { createColdReseed, type SessionRollover } from "@mono-agent/session-history";
import type { SqliteToolHistoryStore } from "@mono-agent/session-history/sqlite";
import type { RunStartInfo } from "../run/run-observer.js";

/** Adds to (or changes) the messages handed to the Pi session; see `RunAgentDependencies.historyAugmenters`. */
export type HistoryAugmenter = (info: RunStartInfo, history: AgentMessage[]) => AgentMessage[];

/** The cold reseed of session-history (`createColdReseed`) put in front of the restored messages. */
export function createColdReseedAugmenter(
  store: SqliteToolHistoryStore,
  rollover: SessionRollover,
): HistoryAugmenter {
  const reseedOf = createColdReseed(store, rollover);
  return (info, history) => {
    const reseed = reseedOf(info);
    return reseed ? [reseed, ...history] : history;
  };
}
