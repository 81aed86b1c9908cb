/**
 * Deepest nesting of arrays and objects a JSON body may have, by default (our bound). No body of our
 * protocols nests past five levels; 64 leaves a service's own result payload ample room while every
 * recursive walk of a stored value (canonical JSON for hashes, redaction, rendering) stays far from the
 * stack limit: a continuation result nested 3,000 deep used to end in a 500.
 */
export const JSON_BODY_MAX_DEPTH = 64;

/**
 * How deeply the arrays and objects of JSON `text` nest, counted in one linear pass that skips string
 * contents (so `"[[["` counts nothing). It stops as soon as the depth passes `limit` and returns
 * `limit + 1`, so a hostile body costs no more than its bytes. Text that is not JSON still gets a count;
 * parsing it is what decides whether it is JSON.
 */
export function jsonNestingDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++;
      else if (code === 0x22) inString = false;
      continue;
    }
    if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return deepest;
}
