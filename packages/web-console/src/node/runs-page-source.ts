import { existsSync } from "node:fs";
import type { WebRunSummaryView, WebRunsPageSource } from "../web-features.js";

/** One run summary as a run store lists it. Structurally a `RunSummary` of `@mono-agent/run-history`. */
export interface WebRunSummaryRecord {
  runId: string;
  conversationId: string;
  status: string;
  model: string;
  tools?: { name: string; calls: number; errors: number }[];
  startedAt: string;
  durationMs?: number;
}

/** The part of a run store the runs page reads (`RunStore` of `@mono-agent/run-history` fits). */
export interface WebRunListStore {
  listRuns(query: { limit: number }): Promise<{ runs: WebRunSummaryRecord[] }>;
}

function runView(run: WebRunSummaryRecord): WebRunSummaryView {
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

/**
 * The runs page over a run store file, opened by `open` (read-only) for each read and closed after it;
 * a file that does not exist yet lists no runs.
 */
export function fileRunsPageSource(
  file: string,
  open: (file: string) => WebRunListStore & { close(): Promise<void> },
): WebRunsPageSource {
  return {
    async listRecent(limit) {
      if (!existsSync(file)) return [];
      const store = open(file);
      try {
        return (await store.listRuns({ limit })).runs.map(runView);
      } finally {
        await store.close();
      }
    },
  };
}

/** The runs page over a store the host keeps open (a shared PostgreSQL run store, say). */
export function storeRunsPageSource(store: WebRunListStore): WebRunsPageSource {
  return { listRecent: async (limit) => (await store.listRuns({ limit })).runs.map(runView) };
}
