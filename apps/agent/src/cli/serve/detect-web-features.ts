import { attachWebAskChannel } from "@mono-agent/interaction/host";
import type { PostgresPool } from "@mono-agent/storage/postgres";
import type { WebConsoleApp, WebFeatures, WebRunsPageSource } from "@mono-agent/web-console";
import {
  fileRunsPageSource,
  memoryPageSource,
  storeRunsPageSource,
  type WebMemoryReader,
  type WebRunListStore,
} from "@mono-agent/web-console/node";
import { conversationStoreFile, type MonoAgentApp } from "../../app/start-mono-agent-app.js";

/** The part of @mono-agent/run-history/sqlite the runs page reads, checked at runtime. */
interface RunHistoryModule {
  openRunStore(options: { file: string; readOnly?: boolean }): WebRunListStore & { close(): Promise<void> };
  runStoreFile(artifactsDir: string): string;
}

async function runHistoryModule(): Promise<RunHistoryModule | undefined> {
  try {
    const module = (await import("@mono-agent/run-history/sqlite")) as unknown as Partial<RunHistoryModule>;
    return typeof module.openRunStore === "function" && typeof module.runStoreFile === "function"
      ? (module as RunHistoryModule)
      : undefined;
  } catch {
    return undefined;
  }
}

/** The readers of @mono-agent/memory(/lite) the memory page uses, checked at runtime. */
async function memoryModules(): Promise<WebMemoryReader | undefined> {
  try {
    const lite = (await import("@mono-agent/memory/lite")) as unknown as Partial<WebMemoryReader>;
    const core = (await import("@mono-agent/memory")) as unknown as Partial<WebMemoryReader>;
    if (
      typeof lite.inspectLiteMemory !== "function" ||
      typeof lite.utcDate !== "function" ||
      typeof core.parseBullets !== "function"
    )
      return undefined;
    return {
      inspectLiteMemory: lite.inspectLiteMemory,
      utcDate: lite.utcDate,
      parseBullets: core.parseBullets,
    };
  } catch {
    return undefined;
  }
}

/** The running app as the web console sees it: runs, and live continuation deliveries when it has them. */
export function consoleAppOf(app: MonoAgentApp): WebConsoleApp {
  return {
    run: (request) => app.run(request),
    onContinuationDelivered: (listener) => app.onContinuationDelivered(listener),
  };
}

/**
 * Which optional parts this console can show, decided at runtime: the runs page when
 * @mono-agent/run-history provides its SQLite store (runs are recorded by the app), or with
 * `storage.postgres` its shared PostgreSQL store (the runs of every host), the memory page
 * when memory is configured (`memory.path`) and @mono-agent/memory provides the lite store's reader;
 * and always the continuation deliveries of a thread (read from the conversation store).
 */
export async function detectWebFeatures(app: MonoAgentApp): Promise<WebFeatures> {
  const { loaded } = app;
  const features: WebFeatures = { asks: attachWebAskChannel(app.interaction) };
  const conversations = conversationStoreFile(loaded);
  const { listConversationDeliveries } = await import("@mono-agent/continuations/node");
  features.deliveries = (conversationId) => listConversationDeliveries(conversations, conversationId);
  if (app.sharedPostgres !== undefined) {
    const runs = await sharedRunsSource(app.sharedPostgres);
    if (runs !== undefined) features.runs = runs;
  } else {
    const runHistory = await runHistoryModule();
    if (runHistory !== undefined)
      features.runs = fileRunsPageSource(runHistory.runStoreFile(loaded.artifactsDir), (file) =>
        runHistory.openRunStore({ file, readOnly: true }),
      );
  }
  const memory = loaded.memoryDir === undefined ? undefined : await memoryModules();
  if (memory !== undefined && loaded.memoryDir !== undefined)
    features.memory = memoryPageSource(memory, loaded.memoryDir);
  return features;
}

/**
 * The runs page with `storage.postgres`: the shared run store on the app's pool (the runs of every
 * host), or undefined when @mono-agent/run-history has no PostgreSQL store.
 */
async function sharedRunsSource(postgres: PostgresPool): Promise<WebRunsPageSource | undefined> {
  let openPostgresRunStore: typeof import("@mono-agent/run-history/postgres").openPostgresRunStore;
  try {
    ({ openPostgresRunStore } = await import("@mono-agent/run-history/postgres"));
  } catch {
    return undefined;
  }
  // The pool stays the app's: closing the store does not end it.
  const store = openPostgresRunStore({ postgres });
  return storeRunsPageSource(store);
}
