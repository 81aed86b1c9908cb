import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, rename, rm, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { parseRunEvents } from "../parse-run-events.js";
import type { ReadRunEventsOptions, RunEventReader, RunEventsRead } from "../run-event.js";
import { RUN_EVENTS_MAX_BYTES } from "../run-record-limits.js";
import { runEventsFile, runEventsFileName } from "./run-artifact-paths.js";

const TEMP_SUFFIX = ".tmp";

/**
 * Replaces `file` with `text` atomically: written to a temp file beside it, then renamed over it, so a
 * reader or a crash sees the old or the new content, never half of one. Files are 0600.
 */
export async function replaceFileAtomically(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}-${randomBytes(4).toString("hex")}${TEMP_SUFFIX}`;
  try {
    await writeFile(temp, text, { mode: 0o600 });
    await rename(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      await mkdir(dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(temp, text, { mode: 0o600 });
      await rename(temp, file);
      return;
    }
    await rm(temp, { force: true });
    throw error;
  }
}

/** Removes temp files left by a crashed writer of this run's events file. */
export async function removeEventsTempFiles(artifactsDir: string, runId: string): Promise<void> {
  const prefix = `${runEventsFileName(runId)}.`;
  const names = await readdir(artifactsDir).catch(() => [] as string[]);
  await Promise.all(
    names
      .filter((name) => name.startsWith(prefix) && name.endsWith(TEMP_SUFFIX))
      .map((name) => rm(`${artifactsDir}/${name}`, { force: true })),
  );
}

/**
 * Reads one run's events file, bounded: at most 16 MiB are read (`truncatedRead` when the file is
 * larger), every line is checked and bad lines are reported by number; a head-tail selection keeps
 * the first and last events (500 by default). A missing file is `exists: false`. Throws
 * `invalid_run_id` for an unsafe id, and file-system errors other than a missing file.
 */
export async function readRunEvents(
  artifactsDir: string,
  runId: string,
  options: ReadRunEventsOptions = {},
): Promise<RunEventsRead> {
  const file = runEventsFile(artifactsDir, runId);
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(file, "r");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    return {
      runId,
      exists: false,
      events: [],
      totalEvents: 0,
      omittedEvents: 0,
      badLines: [],
      omittedBadLines: 0,
      truncatedRead: false,
    };
  }
  try {
    const size = (await handle.stat()).size;
    const length = Math.min(size, RUN_EVENTS_MAX_BYTES);
    const buffer = Buffer.alloc(length);
    let offset = 0;
    while (offset < length) {
      const { bytesRead } = await handle.read(buffer, offset, length - offset, offset);
      if (bytesRead === 0) break;
      offset += bytesRead;
    }
    return parseRunEvents(runId, buffer.subarray(0, offset).toString("utf8"), {
      ...options,
      truncatedRead: size > RUN_EVENTS_MAX_BYTES,
    });
  } finally {
    await handle.close();
  }
}

/** A {@link RunEventReader} over `run-<runId>.events.jsonl` files in `artifactsDir`. */
export function createRunEventReader(artifactsDir: string): RunEventReader {
  return (runId, options) => readRunEvents(artifactsDir, runId, options);
}
