/**
 * True when `name` matches `pattern` as a whole: `*` matches any run of characters (also none),
 * `?` exactly one character, everything else itself (case-sensitive). Used for includeTools/excludeTools.
 */
export function matchesToolGlob(pattern: string, name: string): boolean {
  let patternIndex = 0;
  let nameIndex = 0;
  let starIndex = -1;
  let resumeIndex = 0;
  while (nameIndex < name.length) {
    const token = pattern[patternIndex];
    if (token === "?" || (token !== undefined && token !== "*" && token === name[nameIndex])) {
      patternIndex++;
      nameIndex++;
    } else if (token === "*") {
      starIndex = patternIndex++;
      resumeIndex = nameIndex;
    } else if (starIndex !== -1) {
      patternIndex = starIndex + 1;
      nameIndex = ++resumeIndex;
    } else {
      return false;
    }
  }
  while (pattern[patternIndex] === "*") patternIndex++;
  return patternIndex === pattern.length;
}
