import { hostname } from "node:os";
import { dirname, join } from "node:path";
import { conversationChannel } from "@mono-agent/ids";
import { processAlive } from "@mono-agent/storage/node";
import { type AskBroker, createAskBroker } from "../ask-broker.js";
import type { AskChannel } from "../ask-channel.js";
import type { InteractionStore } from "../ask-store.js";
import type { AskRecord } from "../ask-types.js";
import { createSqliteInteractionStore } from "../sqlite/sqlite-interaction-store.js";

/** Longest timer Node can hold, in ms (2^31-1): the wait of an AskUser call with no expiry. */
export const NO_EXPIRY_CALL_TIMEOUT_MS = 2_147_483_647;

/**
 * Extra idle time an AskUser call gets beyond the ask's own timeout, in ms: the ask expires first and the
 * tool answers "expired", so the MCP call's idle timeout never cuts a wait for a person short.
 */
export const ASK_CALL_MARGIN_MS = 30_000;

/** How often a host on the shared (PostgreSQL) store reads back the asks it waits on, in ms. */
export const SHARED_STORE_POLL_MS = 1_000;

/** What the interaction host reads of a loaded mono-agent config (`LoadedConfig` of @mono-agent/config fits). */
export interface InteractionHostConfig {
  /** The artifacts folder: the store file sits beside it. */
  readonly artifactsDir: string;
  readonly config: { readonly interaction: { readonly askUser: { readonly timeoutMs: number | null } } };
}

/** Where the ask and approval store lives: beside the artifacts folder (`.mono-agent/interaction.sqlite`). */
export function interactionStoreFile(loaded: Pick<InteractionHostConfig, "artifactsDir">): string {
  return join(dirname(loaded.artifactsDir), "interaction.sqlite");
}

/** Whether the process that opened an ask (its pid as the ask's owner) still runs. */
function isProcessAlive(owner: string): boolean {
  return processAlive(Number(owner));
}

/** The owner of this process's asks: its pid, prefixed by the host name on a store hosts share. */
function sharedOwner(shared: boolean): string {
  return shared ? `${hostname()}:${process.pid}` : String(process.pid);
}

/** On a shared store: an owner on this host is alive while its process runs; other hosts' asks are theirs. */
function isSharedOwnerAlive(owner: string): boolean {
  const prefix = `${hostname()}:`;
  return owner.startsWith(prefix) ? isProcessAlive(owner.slice(prefix.length)) : true;
}

/** The host's interaction bridge: one store, one broker, the channels that can answer, run observers. */
export interface InteractionHost {
  readonly broker: AskBroker;
  readonly store: InteractionStore;
  /** `interaction.askUser.timeoutMs`. */
  readonly askUserTimeoutMs: number | null;
  /** Timeouts of the AskUser server's calls: the ask's own plus a margin, or no cap with no expiry. */
  askUserCallTimeouts(): { timeoutMs: number; maxTotalTimeoutMs: number };
  addChannel(channel: AskChannel): void;
  hasChannelFor(conversationId: string): boolean;
  /** Asks of a run are reported to `listener` while it is registered (run evidence); returns unregister. */
  watchRun(runId: string, listener: (ask: AskRecord) => void): () => void;
  /** Asks the last stop left pending, cancelled at this start (`host_restarted`). */
  readonly cancelledAtStart: AskRecord[];
  close(): void;
}

/**
 * Opens the store, cancels what a stopped host left pending, and starts the broker. `sharedStore` (the
 * PostgreSQL one of `storage.postgres`) replaces the SQLite file; its asks are owned per host and process.
 */
export function startInteractionHost(
  loaded: InteractionHostConfig,
  channels: readonly AskChannel[] = [],
  sharedStore?: InteractionStore,
): InteractionHost {
  const store = sharedStore ?? createSqliteInteractionStore({ file: interactionStoreFile(loaded) });
  const owner = sharedOwner(sharedStore !== undefined);
  const watchers = new Map<string, Set<(ask: AskRecord) => void>>();
  const registered = new Map<string, AskChannel>();
  for (const channel of channels) registered.set(channel.id, channel);
  const broker = createAskBroker({
    store,
    owner,
    // On the shared store an answer may reach another host: read waited-on asks back every second.
    ...(sharedStore ? { pollSettledMs: SHARED_STORE_POLL_MS } : {}),
    channels: [...channels],
    onChange: (ask) => {
      for (const listener of watchers.get(ask.runId) ?? []) listener(ask);
    },
  });
  // A `run` beside a live `serve` of the same folder must not cancel the asks serve is waiting on.
  const cancelledAtStart = broker.cancelLeftPending(sharedStore ? isSharedOwnerAlive : isProcessAlive);
  const askUserTimeoutMs = loaded.config.interaction.askUser.timeoutMs;
  return {
    broker,
    store,
    askUserTimeoutMs,
    cancelledAtStart,
    askUserCallTimeouts: () =>
      askUserTimeoutMs === null
        ? { timeoutMs: NO_EXPIRY_CALL_TIMEOUT_MS, maxTotalTimeoutMs: NO_EXPIRY_CALL_TIMEOUT_MS }
        : {
            timeoutMs: Math.min(NO_EXPIRY_CALL_TIMEOUT_MS, askUserTimeoutMs + ASK_CALL_MARGIN_MS),
            maxTotalTimeoutMs: Math.min(NO_EXPIRY_CALL_TIMEOUT_MS, askUserTimeoutMs + ASK_CALL_MARGIN_MS),
          },
    addChannel(channel) {
      registered.set(channel.id, channel);
      broker.addChannel(channel);
    },
    hasChannelFor: (conversationId) => registered.has(conversationChannel(conversationId) ?? ""),
    watchRun(runId, listener) {
      const set = watchers.get(runId) ?? new Set();
      watchers.set(runId, set.add(listener));
      return () => {
        set.delete(listener);
        if (set.size === 0) watchers.delete(runId);
      };
    },
    close() {
      broker.close();
      store.close();
    },
  };
}
