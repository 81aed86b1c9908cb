import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { attachWebAskChannel } from "@mono-agent/interaction/host";
import type { PostgresPool } from "@mono-agent/storage/postgres";
import type {
  WebConsoleApp,
  WebFeatures,
  WebMemoryPageSource,
  WebRunSummaryView,
  WebRunsPageSource,
} from "@mono-agent/web-console";
import { listConversationDeliveries } from "../../app/continuations/continuation-delivery.js";
import { conversationStoreFile, type MonoAgentApp } from "../../app/start-mono-agent-app.js";

/** The part of @mono-agent/run-history/sqlite the runs page reads, checked at runtime. */
interface RunHistoryModule {
  openRunStore(options: { file: string; readOnly?: boolean }): {
    listRuns(query: { limit: number }): Promise<{ runs: RunSummaryLike[] }>;
    close(): Promise<void>;
  };
  runStoreFile(artifactsDir: string): string;
}

interface RunSummaryLike {
  runId: string;
  conversationId: string;
  status: string;
  model: string;
  tools?: { name: string; calls: number; errors: number }[];
  startedAt: string;
  durationMs?: number;
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

/** The parts of @mono-agent/memory(/lite) the memory page reads, checked at runtime. */
interface MemoryModules {
  inspectLiteMemory(root: string): Record<string, unknown>;
  utcDate(date: Date): string;
  parseBullets(text: string): { text: string; status: string }[];
}

async function memoryModules(): Promise<MemoryModules | undefined> {
  try {
    const lite = (await import("@mono-agent/memory/lite")) as unknown as Partial<MemoryModules>;
    const core = (await import("@mono-agent/memory")) as unknown as Partial<MemoryModules>;
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

/** Memory report fields the page shows, in order. */
const MEMORY_STAT_FIELDS = ["memories", "dropped", "dailyFiles", "indexPresent", "firstDate", "lastDate"];

function memorySource(memory: MemoryModules, root: string): WebMemoryPageSource {
  return {
    async overview() {
      const report = memory.inspectLiteMemory(root);
      const stats: Record<string, string | number> = {};
      for (const field of MEMORY_STAT_FIELDS) {
        const value = report[field];
        if (typeof value === "number" || typeof value === "string") stats[field] = value;
        else if (typeof value === "boolean") stats[field] = value ? "yes" : "no";
      }
      const file = join(root, "daily", `${memory.utcDate(new Date())}.md`);
      const text = existsSync(file) ? readFileSync(file, "utf8") : "";
      const today = memory
        .parseBullets(text)
        .filter((bullet) => bullet.status !== "dropped")
        .map((bullet) => bullet.text);
      return { stats, today };
    },
  };
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
  features.deliveries = (conversationId) => listConversationDeliveries(conversations, conversationId);
  if (app.sharedPostgres !== undefined) {
    const runs = await sharedRunsSource(app.sharedPostgres);
    if (runs !== undefined) features.runs = runs;
  } else {
    const runHistory = await runHistoryModule();
    if (runHistory !== undefined)
      features.runs = runsSource(runHistory, runHistory.runStoreFile(loaded.artifactsDir));
  }
  const memory = loaded.memoryDir === undefined ? undefined : await memoryModules();
  if (memory !== undefined && loaded.memoryDir !== undefined)
    features.memory = memorySource(memory, loaded.memoryDir);
  return features;
}

/** The runs page's view of one run summary. */
function runView(run: RunSummaryLike): WebRunSummaryView {
  return {
    runId: run.runId,
    conversationId: run.conversationId,
    status: run.status,
    model: run.model,
    tools: (run.tools ?? []).map((tool) => ({ name: tool.name, calls: tool.calls, errors: tool.errors })),
    startedAt: run.startedAt,
    durationMs: run.durationMs ?? null,
  };
}

/** The runs page over `<artifacts.dir>/runs.sqlite`, opened read-only for each read. */
function runsSource(runHistory: RunHistoryModule, file: string): WebRunsPageSource {
  return {
    async listRecent(limit) {
      if (!existsSync(file)) return [];
      const store = runHistory.openRunStore({ file, readOnly: true });
      try {
        return (await store.listRuns({ limit })).runs.map(runView);
      } finally {
        await store.close();
      }
    },
  };
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
  return { listRecent: async (limit) => (await store.listRuns({ limit })).runs.map(runView) };
}
