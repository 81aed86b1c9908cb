import { existsSync } from "node:fs";
import type { LoadedConfig } from "@mono-agent/config";
import type { WebFeatures, WebRunSummaryView, WebRunsPageSource } from "./web-features.js";

/** The part of @mono-agent/run-history the runs page reads, checked at runtime (the package may not ship it). */
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
  tools?: { name: string; calls: number }[];
  startedAt: string;
  durationMs?: number;
}

async function runHistoryModule(): Promise<RunHistoryModule | undefined> {
  try {
    const module = (await import("@mono-agent/run-history")) as Partial<RunHistoryModule>;
    return typeof module.openRunStore === "function" && typeof module.runStoreFile === "function"
      ? (module as RunHistoryModule)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Which optional pages this console can show, decided at runtime: the runs page when
 * @mono-agent/run-history provides its store and this agent folder has one (runs are recorded).
 * The memory page appears when a host passes a `memory` source; none is detected yet.
 */
export async function detectWebFeatures(loaded: LoadedConfig): Promise<WebFeatures> {
  const runHistory = await runHistoryModule();
  if (runHistory === undefined) return {};
  const file = runHistory.runStoreFile(loaded.artifactsDir);
  const runs: WebRunsPageSource = {
    async listRecent(limit) {
      if (!existsSync(file)) return [];
      const store = runHistory.openRunStore({ file, readOnly: true });
      try {
        const page = await store.listRuns({ limit });
        return page.runs.map(
          (run): WebRunSummaryView => ({
            runId: run.runId,
            conversationId: run.conversationId,
            status: run.status,
            model: run.model,
            tools: (run.tools ?? []).map((tool) => ({ name: tool.name, calls: tool.calls })),
            startedAt: run.startedAt,
            durationMs: run.durationMs ?? null,
          }),
        );
      } finally {
        await store.close();
      }
    },
  };
  return existsSync(file) ? { runs } : {};
}
