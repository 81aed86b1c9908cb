import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { sha256Hex } from "./content-hash.js";
import { DAILY_DIR, dailySource, dateOfFileName, sourcePath } from "./memory-paths.js";
import type { SourceFingerprint } from "./memory-index.js";

/** One canonical file: a modern `daily/<date>.md`, or a root `<date>.md` kept only in the legacy layout. */
export interface CanonicalFile {
  date: string;
  /** Relative path, `daily/<date>.md` or `<date>.md`. */
  source: string;
  legacy: boolean;
}

/**
 * Every canonical file, oldest date first. A legacy root file counts only while no modern file of
 * its date exists (creating the modern file hides the legacy one from a rebuild).
 */
export function listCanonicalFiles(root: string): CanonicalFile[] {
  const byDate = new Map<string, CanonicalFile>();
  const names = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
  for (const name of names(join(root, DAILY_DIR))) {
    const date = dateOfFileName(name);
    if (date) byDate.set(date, { date, source: dailySource(date), legacy: false });
  }
  for (const name of names(root)) {
    const date = dateOfFileName(name);
    if (date && !byDate.has(date)) byDate.set(date, { date, source: name, legacy: true });
  }
  return [...byDate.values()].sort((left, right) => left.date.localeCompare(right.date));
}

/** True when `<date>.md` exists at the root but `daily/<date>.md` does not. */
export function isLegacyOnlyDate(root: string, date: string): boolean {
  return existsSync(join(root, `${date}.md`)) && !existsSync(sourcePath(root, dailySource(date)));
}

/** The file's size and mtime, or undefined when it is gone. */
export function fingerprintOf(root: string, source: string): SourceFingerprint | undefined {
  try {
    const stats = statSync(sourcePath(root, source));
    return { size: stats.size, mtimeMs: stats.mtimeMs };
  } catch {
    return undefined;
  }
}

/** The file's text, or undefined when it is gone. */
export function readSource(root: string, source: string): string | undefined {
  try {
    return readFileSync(sourcePath(root, source), "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** SHA-256 over every canonical file's path and content hash: the canonical source fingerprint. */
export function canonicalSourceFingerprint(root: string): string {
  const lines = listCanonicalFiles(root).map(
    (file) => `${file.source}\0${sha256Hex(readFileSync(sourcePath(root, file.source)))}\n`,
  );
  return sha256Hex(lines.join(""));
}
