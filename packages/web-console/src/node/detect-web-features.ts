import { attachWebAskChannel, type InteractionHost } from "@mono-agent/interaction/host";
import type { PostgresPool } from "@mono-agent/storage/postgres";
import type { WebFeatures, WebRunsPageSource } from "../web-features.js";
import { memoryPageSource, type WebMemoryReader } from "./memory-page-source.js";
import { fileRunsPageSource, storeRunsPageSource, type WebRunListStore } from "./runs-page-source.js";

/** What the console's optional parts read of the host: its asks, stores and folders. */
export interface WebFeaturesHost {
  /** The host's interaction host: the console answers its asks. */
  interaction: InteractionHost;
  /** The artifacts folder; the SQLite run store sits in it. */
  artifactsDir: string;
  /** The lite memory folder (`memory.path`), when memory is configured. */
  memoryDir?: string | undefined;
  /** The conversation store file the continuation deliveries are read from. */
  conversationsFile: string;
  /** The shared PostgreSQL pool with `storage.postgres`; the runs page then reads the runs of every host. */
  sharedPostgres?: PostgresPool | undefined;
}

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

/**
 * Which optional parts this console can show, decided at runtime: the runs page when
 * @mono-agent/run-history provides its SQLite store (runs are recorded by the host), or with
 * `storage.postgres` its shared PostgreSQL store (the runs of every host), the memory page
 * when memory is configured (`memory.path`) and @mono-agent/memory provides the lite store's reader;
 * and always the continuation deliveries of a thread (read from the conversation store).
 */
export async function detectWebFeatures(host: WebFeaturesHost): Promise<WebFeatures> {
  const features: WebFeatures = { asks: attachWebAskChannel(host.interaction) };
  const conversations = host.conversationsFile;
  const { listConversationDeliveries } = await import("@mono-agent/continuations/node");
  features.deliveries = (conversationId) => listConversationDeliveries(conversations, conversationId);
  if (host.sharedPostgres !== undefined) {
    const runs = await sharedRunsSource(host.sharedPostgres);
    if (runs !== undefined) features.runs = runs;
  } else {
    const runHistory = await runHistoryModule();
    if (runHistory !== undefined)
      features.runs = fileRunsPageSource(runHistory.runStoreFile(host.artifactsDir), (file) =>
        runHistory.openRunStore({ file, readOnly: true }),
      );
  }
  const memory = host.memoryDir === undefined ? undefined : await memoryModules();
  if (memory !== undefined && host.memoryDir !== undefined)
    features.memory = memoryPageSource(memory, host.memoryDir);
  return features;
}

/**
 * The runs page with `storage.postgres`: the shared run store on the host's pool (the runs of every
 * host), or undefined when @mono-agent/run-history has no PostgreSQL store.
 */
async function sharedRunsSource(postgres: PostgresPool): Promise<WebRunsPageSource | undefined> {
  let openPostgresRunStore: typeof import("@mono-agent/run-history/postgres").openPostgresRunStore;
  try {
    ({ openPostgresRunStore } = await import("@mono-agent/run-history/postgres"));
  } catch {
    return undefined;
  }
  // The pool stays the host's: closing the store does not end it.
  const store = openPostgresRunStore({ postgres });
  return storeRunsPageSource(store);
}
