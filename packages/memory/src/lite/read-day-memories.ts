import { readFileSync } from "node:fs";
import { type MemoryBullet, parseBullets } from "../memory-bullet.js";
import { MemoryError } from "../memory-error.js";
import { dailySource, sourcePath } from "./memory-paths.js";

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The memories of one UTC date, as {@link readDayMemories} returns them. */
export interface DayMemories {
  /** `YYYY-MM-DD` (UTC). */
  date: string;
  /** The file read, relative to the root: `daily/<date>.md`, or `<date>.md` of the legacy layout. */
  source: string;
  /** The bullets of that file, in file order; empty when no file of the date can be read. */
  memories: MemoryBullet[];
}

/** YYYY-MM-DD naming a real day: the pattern alone lets 2024-13-45 and 2023-02-30 through. */
function isCalendarDate(text: string): boolean {
  const parsed = new Date(`${text}T00:00:00Z`);
  return DATE.test(text) && !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === text;
}

/**
 * Reads the memories of one UTC date under the memory root without opening the index: the canonical
 * `daily/<date>.md`, else the legacy root `<date>.md`. Throws `invalid_date` when `date` is not a real
 * `YYYY-MM-DD` calendar date.
 */
export function readDayMemories(root: string, date: string): DayMemories {
  if (!isCalendarDate(date))
    throw new MemoryError("invalid_date", `expected a date YYYY-MM-DD, got "${date}"`);
  for (const source of [dailySource(date), `${date}.md`]) {
    let content: string;
    try {
      content = readFileSync(sourcePath(root, source), "utf8");
    } catch {
      continue; // try the legacy root layout next
    }
    return { date, source, memories: parseBullets(content) };
  }
  return { date, source: dailySource(date), memories: [] };
}
