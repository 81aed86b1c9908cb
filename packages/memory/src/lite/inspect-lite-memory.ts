import { existsSync } from "node:fs";
import { join } from "node:path";
import { parseBullets } from "../memory-bullet.js";
import { listCanonicalFiles, readSource } from "./canonical-source.js";
import { MemoryIndex } from "./memory-index.js";
import { INDEX_DIR, INDEX_FILE, MAINTENANCE_FILE } from "./memory-paths.js";
import { runningAgentPid } from "./runtime-marker.js";

/** What `validate` and `mono-agent memory stats` report about a lite store, read without writing. */
export interface LiteMemoryReport {
  root: string;
  rootExists: boolean;
  dailyFiles: number;
  legacyOnlyFiles: number;
  /** Bullets in the canonical files that are not dropped. */
  memories: number;
  /** Bullets marked dropped by forget. */
  dropped: number;
  /** Index rows of current memories, when the index exists and opens. */
  indexedMemories?: number;
  pendingIntents?: number;
  indexPresent: boolean;
  maintenanceInProgress: boolean;
  runningAgentPid?: number;
  firstDate?: string;
  lastDate?: string;
}

/** Reads the canonical files and the index (read-only) of a lite store. Never creates anything. */
export function inspectLiteMemory(root: string): LiteMemoryReport {
  const rootExists = existsSync(root);
  const files = rootExists ? listCanonicalFiles(root) : [];
  let memories = 0;
  let dropped = 0;
  for (const file of files) {
    const seen = new Set<string>();
    for (const bullet of parseBullets(readSource(root, file.source) ?? "")) {
      if (seen.has(bullet.id)) continue;
      seen.add(bullet.id);
      if (bullet.status === "dropped") dropped++;
      else memories++;
    }
  }
  const indexPresent = existsSync(join(root, INDEX_DIR, INDEX_FILE));
  let indexCounts: { memories: number; pendingIntents: number } | undefined;
  if (indexPresent) {
    try {
      const index = MemoryIndex.open(root, { readonly: true });
      try {
        indexCounts = index.counts();
      } finally {
        index.close();
      }
    } catch {
      indexCounts = undefined;
    }
  }
  const pid = rootExists ? runningAgentPid(root) : undefined;
  return {
    root,
    rootExists,
    dailyFiles: files.filter((file) => !file.legacy).length,
    legacyOnlyFiles: files.filter((file) => file.legacy).length,
    memories,
    dropped,
    ...(indexCounts
      ? { indexedMemories: indexCounts.memories, pendingIntents: indexCounts.pendingIntents }
      : {}),
    indexPresent,
    maintenanceInProgress: rootExists && existsSync(join(root, MAINTENANCE_FILE)),
    ...(pid !== undefined ? { runningAgentPid: pid } : {}),
    ...(files[0] ? { firstDate: files[0].date, lastDate: files.at(-1)?.date } : {}),
  };
}
