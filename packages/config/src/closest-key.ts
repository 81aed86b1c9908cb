/** Edit distance between two strings (insert, delete, substitute each cost 1). */
export function levenshteinDistance(left: string, right: string): number {
  let previous = Array.from({ length: right.length + 1 }, (_, index) => index);
  for (let row = 1; row <= left.length; row++) {
    const current = [row];
    for (let column = 1; column <= right.length; column++) {
      const substitution = previous[column - 1]! + (left[row - 1] === right[column - 1] ? 0 : 1);
      current.push(Math.min(previous[column]! + 1, current[column - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[right.length]!;
}

/** The known key closest to `unknownKey`, case-insensitively, if it is a likely typo or abbreviation of it. */
export function closestKey(unknownKey: string, knownKeys: readonly string[]): string | undefined {
  let best: { key: string; distance: number } | undefined;
  for (const key of knownKeys) {
    const typed = unknownKey.toLowerCase();
    const candidate = key.toLowerCase();
    const isAbbreviation = typed.length >= 3 && candidate.startsWith(typed);
    const distance = isAbbreviation ? 1 : levenshteinDistance(typed, candidate);
    if (best === undefined || distance < best.distance) best = { key, distance };
  }
  if (best === undefined) return undefined;
  const allowed = Math.max(2, Math.floor(Math.max(unknownKey.length, best.key.length) / 3));
  return best.distance <= allowed ? best.key : undefined;
}
