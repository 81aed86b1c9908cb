import { readFile, realpath, stat } from "node:fs/promises";
import { isAbsolute, relative, resolve } from "node:path";

/** Largest file `text_stats` reads, so one call cannot pull a huge file into memory. */
export const MAX_TEXT_STATS_BYTES = 5 * 1024 * 1024;

export interface TextStats {
  path: string;
  bytes: number;
  lines: number;
  words: number;
  characters: number;
  longestLine: number;
}

/** Line, word and character counts of a text file inside `rootDir` (paths outside it are refused). */
export async function textStats(rootDir: string, path: string): Promise<TextStats> {
  const root = await realpath(rootDir);
  const target = await realpath(resolve(root, path)).catch(() => {
    throw new Error(`no such file in the workspace: ${path}`);
  });
  const inside = relative(root, target);
  if (inside.startsWith("..") || isAbsolute(inside)) throw new Error(`${path} is outside the workspace`);
  const info = await stat(target);
  if (!info.isFile()) throw new Error(`${path} is not a regular file`);
  if (info.size > MAX_TEXT_STATS_BYTES)
    throw new Error(`${path} is larger than ${MAX_TEXT_STATS_BYTES} bytes`);
  const text = await readFile(target, "utf8");
  const lines = text.length === 0 ? [] : text.replace(/\n$/, "").split("\n");
  return {
    path: inside,
    bytes: info.size,
    lines: lines.length,
    words: text.split(/\s+/).filter(Boolean).length,
    characters: [...text].length,
    longestLine: lines.reduce((longest, line) => Math.max(longest, [...line].length), 0),
  };
}
