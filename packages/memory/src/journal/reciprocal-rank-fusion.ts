import type { MemoryHit } from "../memory-store.js";
import { normalizeMemoryText } from "../normalize-memory-text.js";

/** Reciprocal rank fusion constant (the usual 60). */
export const RRF_K = 60;

/**
 * Merges rankings of ids by reciprocal rank fusion (score = sum of 1 / (k + rank)), keeps one hit per
 * normalized text (hash-dedup of repeated daily entries), and scores the best hit 1. `hits` must hold
 * every id that may be returned; ids without a hit (dropped since) are skipped.
 */
export function fuseRankings(
  rankings: ReadonlyArray<readonly string[]>,
  hits: ReadonlyMap<string, MemoryHit>,
  limit: number,
): MemoryHit[] {
  const fused = new Map<string, number>();
  for (const ranking of rankings)
    for (const [rank, id] of ranking.entries()) fused.set(id, (fused.get(id) ?? 0) + 1 / (RRF_K + rank + 1));
  const ranked = [...fused.entries()]
    .filter(([id]) => hits.has(id))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const seen = new Set<string>();
  const merged: MemoryHit[] = [];
  const best = ranked[0]?.[1] ?? 1;
  for (const [id, score] of ranked) {
    const hit = hits.get(id) as MemoryHit;
    const key = normalizeMemoryText(hit.text);
    if (seen.has(key)) continue;
    seen.add(key);
    merged.push({ ...hit, score: Math.round((score / best) * 1000) / 1000 });
    if (merged.length >= limit) break;
  }
  return merged;
}
