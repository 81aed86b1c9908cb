import { closeSync, fdatasyncSync, mkdirSync, openSync, readSync, statSync, writeSync } from "node:fs";
import { join } from "node:path";
import { MemoryError } from "../memory-error.js";
import { dailyFileHeader, formatBullet, type MemoryBullet, parseBullets } from "../memory-bullet.js";
import type {
  JournalBrowseResult,
  MemoryHit,
  MemoryStore,
  MemoryStoreCapabilities,
  RememberOutcome,
} from "../memory-store.js";
import { DEFAULT_SALIENCE } from "../memory-bullet.js";
import { normalizeRememberText } from "../normalize-memory-text.js";
import { utf8ByteLength } from "@mono-agent/evidence";
import { fingerprintOf, isLegacyOnlyDate, listCanonicalFiles, readSource } from "./canonical-source.js";
import { contentHash } from "./content-hash.js";
import { MemoryIndex } from "./memory-index.js";
import { DAILY_DIR, dailySource, MAINTENANCE_FILE, sourcePath, utcDate } from "./memory-paths.js";
import { rebuildMemoryIndex } from "./rebuild-memory-index.js";
import { writeRuntimeMarker } from "./runtime-marker.js";
import { acquireWriterLock } from "./writer-lock.js";
import { existsSync } from "node:fs";

/** Options of {@link openLiteMemoryStore}. */
export interface LiteMemoryStoreOptions {
  /** The memory root (`memory.path` resolved against the agent folder). */
  root: string;
  /** Open without writing anything: no Remember, no index sync (the index must exist). */
  readOnly?: boolean;
  /** Announce a running agent in `.index/runtime.json`, so forget apply refuses while it runs. */
  announceRuntime?: boolean;
  /** Clock (tests inject a date rollover). */
  now?: () => Date;
  /** Writer lock wait and stale age (tests shorten the stale age). */
  lock?: { waitMs?: number; staleMs?: number };
  /**
   * Fault hooks for tests of the crash window. `afterCanonicalWrite` runs after the canonical bullet
   * is durable and before its index row is written; throwing from it simulates an index failure.
   */
  faults?: { afterCanonicalWrite?: () => void };
}

/** The lite store with its maintenance operations. */
export interface LiteMemoryStore extends MemoryStore {
  readonly root: string;
  /** Reparses every canonical file into a fresh index. Takes the writer lock. */
  rebuild(): Promise<{ files: number; memories: number }>;
  /** Every current memory's id and text (the journal tier embeds them). */
  currentMemories(): Array<{ id: string; text: string }>;
  /** A page of current memories after an index rowid, oldest row first. */
  currentMemoriesAfter(afterRowid: number, limit: number): Array<{ rowid: number; id: string; text: string }>;
  /** The current memories among `ids`, for hits found outside full text. */
  currentByIds(ids: readonly string[]): Map<string, MemoryHit>;
  /** Index counts. */
  counts(): { memories: number; dropped: number; pendingIntents: number };
  close(): void;
}

const LITE_CAPABILITIES = (readOnly: boolean): MemoryStoreCapabilities => ({
  tier: "lite",
  supportsRemember: !readOnly,
  supportsJournalBrowse: true,
  readOnly,
});

/** Makes sure the file ends with a newline before an append, so a torn tail never joins a bullet. */
function needsLeadingNewline(path: string, size: number): boolean {
  if (size === 0) return false;
  const descriptor = openSync(path, "r");
  try {
    const last = Buffer.alloc(1);
    readSync(descriptor, last, 0, 1, size - 1);
    return last[0] !== 0x0a;
  } finally {
    closeSync(descriptor);
  }
}

function appendDurably(path: string, date: string, block: string): void {
  const existing = fingerprintOfPath(path);
  const prefix =
    existing === undefined ? dailyFileHeader(date) : needsLeadingNewline(path, existing) ? "\n" : "";
  const descriptor = openSync(path, "a", 0o600);
  try {
    writeSync(descriptor, `${prefix}${block}\n`);
    fdatasyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

function fingerprintOfPath(path: string): number | undefined {
  try {
    return statSync(path).size;
  } catch {
    return undefined;
  }
}

/**
 * Opens the lite store: canonical `daily/YYYY-MM-DD.md` files (UTC dates) under `root` and an
 * SQLite FTS5 index under `root/.index`, synced from the files on open. Writes take
 * `.journal-write.lock`, record a remember intent in the index, append the canonical bullet, then
 * write its index row, so a crash between the two writes is completed by the next identical Remember.
 */
export function openLiteMemoryStore(options: LiteMemoryStoreOptions): LiteMemoryStore {
  const { root } = options;
  const readOnly = options.readOnly === true;
  const now = options.now ?? (() => new Date());
  if (!readOnly) mkdirSync(join(root, DAILY_DIR), { recursive: true, mode: 0o700 });
  let index: MemoryIndex;
  try {
    index = MemoryIndex.open(root, { readonly: readOnly });
  } catch (error) {
    throw new MemoryError("store_unavailable", "The memory index could not be opened.", { cause: error });
  }
  const syncChangedFiles = () => {
    const known = index.fingerprints();
    const files = listCanonicalFiles(root);
    const present = new Set(files.map((file) => file.source));
    for (const file of files) {
      const fingerprint = fingerprintOf(root, file.source);
      const previous = known.get(file.source);
      if (
        fingerprint &&
        previous &&
        previous.size === fingerprint.size &&
        previous.mtimeMs === fingerprint.mtimeMs
      )
        continue;
      index.replaceFile(file.source, parseBullets(readSource(root, file.source) ?? ""), fingerprint);
    }
    for (const source of known.keys()) if (!present.has(source)) index.replaceFile(source, [], undefined);
  };
  /** Completes or drops pending intents; returns ids whose canonical bullet was found. */
  const resolveIntents = (): Set<string> => {
    const completed = new Set<string>();
    for (const intent of index.intents()) {
      const bullets = parseBullets(readSource(root, intent.sourceFile) ?? "");
      index.replaceFile(intent.sourceFile, bullets, fingerprintOf(root, intent.sourceFile));
      if (bullets.some((bullet) => bullet.id === intent.id)) completed.add(intent.id);
      index.dropIntent(intent.id);
    }
    return completed;
  };
  if (!readOnly) {
    try {
      index.db.transaction(() => {
        syncChangedFiles();
        resolveIntents();
      })();
    } catch (error) {
      index.close();
      throw new MemoryError(
        "store_unavailable",
        "The memory index could not be synced from the canonical files.",
        {
          cause: error,
        },
      );
    }
  }
  const marker = options.announceRuntime && !readOnly ? writeRuntimeMarker(root) : undefined;
  let queue: Promise<unknown> = Promise.resolve();
  const serialized = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task, task);
    queue = next.catch(() => {});
    return next;
  };

  const rememberLocked = (storedText: string): RememberOutcome => {
    if (existsSync(join(root, MAINTENANCE_FILE))) {
      throw new MemoryError(
        "maintenance_in_progress",
        "Memory maintenance (forget) is in progress; try again after it finishes.",
      );
    }
    const id = contentHash(storedText);
    let found = index.find(id);
    let completedIndex = false;
    if (!found) {
      const completed = resolveIntents();
      found = index.find(id);
      completedIndex = found !== undefined && completed.has(id);
    }
    if (found?.status === "dropped") {
      throw new MemoryError(
        "forgotten",
        "This fact was explicitly forgotten through `mono-agent memory forget` and cannot be stored again through Remember.",
      );
    }
    if (found)
      return { id, source: found.sourceFile, storedText, duplicate: !completedIndex, completedIndex };
    const created = now();
    const date = utcDate(created);
    if (isLegacyOnlyDate(root, date)) {
      throw new MemoryError(
        "legacy_layout_date",
        `The date ${date} is still kept only in the legacy root layout; an operator must migrate it to daily/${date}.md first.`,
      );
    }
    const source = dailySource(date);
    const path = sourcePath(root, source);
    const bullet: Omit<MemoryBullet, "line"> = {
      id,
      text: storedText,
      type: "note",
      status: "open",
      salience: DEFAULT_SALIENCE,
      isInsight: false,
      created: created.toISOString(),
      refs: [],
      extra: {},
    };
    try {
      index.addIntent(id, source, bullet.created);
    } catch (error) {
      throw new MemoryError("store_unavailable", "The memory index could not record the write.", {
        cause: error,
      });
    }
    try {
      appendDurably(path, date, formatBullet(bullet));
    } catch (error) {
      throw new MemoryError("store_unavailable", "The canonical memory file could not be written.", {
        cause: error,
      });
    }
    try {
      options.faults?.afterCanonicalWrite?.();
      const fingerprint = fingerprintOf(root, source);
      const line = (readSource(root, source) ?? "").split("\n").lastIndexOf(`- – ${storedText}`) + 1;
      if (!fingerprint) throw new Error("canonical file vanished");
      index.insertBullet(source, { ...bullet, line }, fingerprint, id);
    } catch (error) {
      throw new MemoryError(
        "index_write_failed",
        "The fact is durable but its index row could not be written.",
        {
          cause: error,
          canonicalWritten: true,
        },
      );
    }
    return { id, source, storedText, duplicate: false, completedIndex: false };
  };

  return {
    root,
    capabilities: LITE_CAPABILITIES(readOnly),
    remember({ text, signal }) {
      if (readOnly) return Promise.reject(new MemoryError("read_only", "The memory store is read-only."));
      return serialized(async () => {
        const storedText = normalizeRememberText(text);
        const lock = await acquireWriterLock(root, { ...options.lock, ...(signal ? { signal } : {}) });
        try {
          return rememberLocked(storedText);
        } finally {
          lock.release();
        }
      });
    },
    async recall({ query, limit }): Promise<MemoryHit[]> {
      return index.recall(query, limit);
    },
    async browseJournal({ fromMs, toMs, maxEntries, maxBytes }): Promise<JournalBrowseResult> {
      const rows = index.browse(fromMs, toMs, maxEntries + 1);
      const truncatedBy: JournalBrowseResult["truncatedBy"] = [];
      const records = [];
      let bytes = 0;
      for (const row of rows) {
        if (records.length >= maxEntries) {
          truncatedBy.push("entry_limit");
          break;
        }
        bytes += utf8ByteLength(JSON.stringify(row));
        if (bytes > maxBytes) {
          truncatedBy.push("byte_limit");
          break;
        }
        records.push(row);
      }
      return { records, rangeScanComplete: truncatedBy.length === 0, truncatedBy };
    },
    async rebuild() {
      if (readOnly) throw new MemoryError("read_only", "The memory store is read-only.");
      return serialized(async () => {
        const lock = await acquireWriterLock(root, options.lock);
        try {
          return rebuildMemoryIndex(index, root);
        } finally {
          lock.release();
        }
      });
    },
    counts: () => index.counts(),
    currentMemories: () => index.currentMemories(),
    currentMemoriesAfter: (afterRowid, limit) => index.currentMemoriesAfter(afterRowid, limit),
    currentByIds: (ids) => index.currentByIds(ids),
    close() {
      marker?.remove();
      if (index.db.open) index.close();
    },
  };
}
