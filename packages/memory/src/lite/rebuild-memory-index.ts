import { parseBullets } from "../memory-bullet.js";
import { fingerprintOf, listCanonicalFiles, readSource } from "./canonical-source.js";
import { MemoryIndex } from "./memory-index.js";

/** Replaces the whole index by what the canonical files hold, in one transaction. Caller holds the writer lock. */
export function rebuildMemoryIndex(index: MemoryIndex, root: string): { files: number; memories: number } {
  const files = listCanonicalFiles(root);
  index.db.transaction(() => {
    index.clear();
    for (const file of files) {
      index.replaceFile(
        file.source,
        parseBullets(readSource(root, file.source) ?? ""),
        fingerprintOf(root, file.source),
      );
    }
  })();
  return { files: files.length, memories: index.counts().memories };
}

/** Opens the index of `root`, rebuilds it, closes it. Caller holds the writer lock. */
export function rebuildMemoryIndexAt(root: string): { files: number; memories: number } {
  const index = MemoryIndex.open(root);
  try {
    return rebuildMemoryIndex(index, root);
  } finally {
    index.close();
  }
}
