import { inspectLiteMemory } from "./inspect-lite-memory.js";
import { openLiteMemoryStore } from "./lite-store.js";
import { utcDate } from "./memory-paths.js";
import type { MemoryReport } from "./memory-report.js";
import { readDayMemories } from "./read-day-memories.js";

/** `mono-agent memory stats`: counts of memories, daily files and the index (read-only). */
export function memoryStatsReport(root: string): MemoryReport {
  const report = inspectLiteMemory(root);
  const text = [
    `Memory store (lite): ${report.root}`,
    `Memories: ${report.memories}${report.dropped ? ` (+${report.dropped} forgotten)` : ""}`,
    `Daily files: ${report.dailyFiles}${report.legacyOnlyFiles ? ` (+${report.legacyOnlyFiles} legacy root files)` : ""}`,
    `Index: ${report.indexPresent ? `${report.indexedMemories ?? "unreadable"} memories` : "not built yet"}`,
    ...(report.firstDate ? [`Dates: ${report.firstDate} to ${report.lastDate}`] : []),
    ...(report.runningAgentPid ? [`Agent running: pid ${report.runningAgentPid}`] : []),
    ...(report.maintenanceInProgress ? ["Maintenance in progress: Remember is blocked"] : []),
  ].join("\n");
  return { data: { stats: report }, text };
}

/**
 * `mono-agent memory show <YYYY-MM-DD>` (and `today` without a date): the bullets of one UTC date.
 * Throws MemoryError `invalid_date` for a day that does not exist.
 */
export function memoryDayReport(
  root: string,
  date: string | undefined,
  now: Date = new Date(),
): MemoryReport {
  const day = readDayMemories(root, date ?? utcDate(now));
  const text =
    day.memories.length === 0
      ? `No memories on ${day.date} (UTC).`
      : [
          `${day.source}:`,
          ...day.memories.map((bullet) => `${bullet.id}  ${bullet.status.padEnd(9)}  ${bullet.text}`),
        ].join("\n");
  return { data: { ...day }, text };
}

/** `mono-agent memory search <query>`: full-text recall, best first, as MemoryRecall ranks it. */
export async function memorySearchReport(root: string, query: string, limit: number): Promise<MemoryReport> {
  const store = openLiteMemoryStore({ root });
  try {
    const hits = await store.recall({ query, limit });
    const text =
      hits.length === 0
        ? `No memories matched "${query}".`
        : hits.map((hit) => `${hit.score.toFixed(3)}  ${hit.id}  ${hit.text}`).join("\n");
    return { data: { query, hits }, text };
  } finally {
    store.close();
  }
}

/** `mono-agent memory rebuild`: the SQLite index rebuilt from the canonical daily files. */
export async function memoryRebuildReport(root: string): Promise<MemoryReport> {
  const store = openLiteMemoryStore({ root });
  try {
    const result = await store.rebuild();
    return {
      data: { rebuilt: result },
      text: `Rebuilt the index: ${result.memories} memories from ${result.files} files.`,
    };
  } finally {
    store.close();
  }
}
