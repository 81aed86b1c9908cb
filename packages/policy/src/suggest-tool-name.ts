import leven from "leven";
import { TOOL_CATALOG } from "./tool-catalog.js";
import { acceptedSpellings } from "./tool-spellings.js";

/** Largest edit distance still offered as a "did you mean" (covers one or two typos in a tool name). */
export const MAX_SUGGESTION_DISTANCE = 2;

function squash(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9*]/g, "");
}

/**
 * The accepted spelling an unknown name most likely meant: a case-insensitive or separator-insensitive
 * match first (`read` → `Read`, `memory_journal` → `MemoryJournal`), else the closest spelling within
 * {@link MAX_SUGGESTION_DISTANCE} edits. Suggests canonical names for bare names and the matching
 * `mcp__…` spelling for `mcp__…` names.
 */
export function suggestToolName(name: string): string | undefined {
  const prefersMcp = name.startsWith("mcp__");
  const candidates = TOOL_CATALOG.flatMap((entry) =>
    acceptedSpellings(entry).map((spelling) => ({
      spelling,
      suggestion: spelling.startsWith("mcp__") === prefersMcp ? spelling : entry.name,
    })),
  );
  const exact = candidates.find((candidate) => squash(candidate.spelling) === squash(name));
  if (exact !== undefined) return exact.suggestion;
  let best: { suggestion: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = leven(name.toLowerCase(), candidate.spelling.toLowerCase());
    if (distance <= MAX_SUGGESTION_DISTANCE && (best === undefined || distance < best.distance)) {
      best = { suggestion: candidate.suggestion, distance };
    }
  }
  return best?.suggestion;
}
