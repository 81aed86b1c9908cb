import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { WebMemoryPageSource } from "../web-features.js";

/**
 * The readers of a lite memory folder the memory page uses: `inspectLiteMemory` and `utcDate` of
 * `@mono-agent/memory/lite` and `parseBullets` of `@mono-agent/memory`.
 */
export interface WebMemoryReader {
  inspectLiteMemory(root: string): Record<string, unknown>;
  utcDate(date: Date): string;
  parseBullets(text: string): { text: string; status: string }[];
}

/** Memory report fields the page shows, in order. */
const MEMORY_STAT_FIELDS = ["memories", "dropped", "dailyFiles", "indexPresent", "firstDate", "lastDate"];

/** The memory page over the lite memory folder `root`: its report's counts and today's kept bullets. */
export function memoryPageSource(memory: WebMemoryReader, root: string): WebMemoryPageSource {
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
