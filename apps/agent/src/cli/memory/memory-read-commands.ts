import { MemoryError, RECALL_DEFAULT_LIMIT, RECALL_MAX_LIMIT } from "@mono-agent/memory";
import {
  type DayMemories,
  inspectLiteMemory,
  openLiteMemoryStore,
  readDayMemories,
  utcDate,
} from "@mono-agent/memory/lite";
import type { CliIo } from "../cli-io.js";
import { EXIT_OK, EXIT_USAGE, ExitError } from "../exit-error.js";

function print(io: CliIo, json: boolean, data: Record<string, unknown>, text: string): number {
  io.stdout.write(json ? `${JSON.stringify({ ok: true, ...data })}\n` : `${text}\n`);
  return EXIT_OK;
}

/** `mono-agent memory stats`. */
export function statsCommand(io: CliIo, root: string, json: boolean): number {
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
  return print(io, json, { stats: report }, text);
}

/** `mono-agent memory show <YYYY-MM-DD>` and `today`: the bullets of one UTC date. */
export function showCommand(io: CliIo, root: string, date: string | undefined, json: boolean): number {
  let day: DayMemories;
  try {
    day = readDayMemories(root, date ?? utcDate(new Date()));
  } catch (error) {
    if (MemoryError.isInstance(error) && error.code === "invalid_date")
      throw new ExitError(error.message, EXIT_USAGE);
    throw error;
  }
  const text =
    day.memories.length === 0
      ? `No memories on ${day.date} (UTC).`
      : [
          `${day.source}:`,
          ...day.memories.map((bullet) => `${bullet.id}  ${bullet.status.padEnd(9)}  ${bullet.text}`),
        ].join("\n");
  return print(io, json, { ...day }, text);
}

/** `mono-agent memory search <query>`. */
export async function searchCommand(
  io: CliIo,
  root: string,
  query: string,
  limitText: string | undefined,
  json: boolean,
) {
  const limit = limitText === undefined ? RECALL_DEFAULT_LIMIT : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > RECALL_MAX_LIMIT) {
    throw new ExitError(`--limit must be an integer from 1 to ${RECALL_MAX_LIMIT}`, EXIT_USAGE);
  }
  const store = openLiteMemoryStore({ root });
  try {
    const hits = await store.recall({ query, limit });
    const text =
      hits.length === 0
        ? `No memories matched "${query}".`
        : hits.map((hit) => `${hit.score.toFixed(3)}  ${hit.id}  ${hit.text}`).join("\n");
    return print(io, json, { query, hits }, text);
  } finally {
    store.close();
  }
}

/** `mono-agent memory rebuild`: the index from the canonical files. */
export async function rebuildCommand(io: CliIo, root: string, json: boolean): Promise<number> {
  const store = openLiteMemoryStore({ root });
  try {
    const result = await store.rebuild();
    return print(
      io,
      json,
      { rebuilt: result },
      `Rebuilt the index: ${result.memories} memories from ${result.files} files.`,
    );
  } catch (error) {
    if (MemoryError.isInstance(error)) throw new ExitError(`${error.code}: ${error.message}`);
    throw error;
  } finally {
    store.close();
  }
}
