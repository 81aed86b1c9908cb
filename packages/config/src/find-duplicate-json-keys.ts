import type { JsonPathSegment } from "./json-path.js";

/** A key that appears more than once in one JSON object (JSON.parse keeps the last and drops the rest). */
export interface DuplicateJsonKey {
  /** Path of the repeated key, its last segment the key. */
  path: JsonPathSegment[];
  /** 1-based line of the repeated (later) occurrence. */
  line: number;
}

type Frame =
  | { kind: "object"; path: JsonPathSegment[]; keys: Set<string>; expectKey: boolean; key?: string }
  | { kind: "array"; path: JsonPathSegment[]; index: number };

/**
 * The repeated keys of a JSON text that JSON.parse already accepted (so it is well formed): JSON.parse
 * silently keeps the last of two equal keys, and a hand-edited config loses the first value unseen.
 */
export function findDuplicateJsonKeys(text: string): DuplicateJsonKey[] {
  const found: DuplicateJsonKey[] = [];
  const stack: Frame[] = [];
  const childPath = (): JsonPathSegment[] => {
    const top = stack.at(-1);
    if (top === undefined) return [];
    return top.kind === "object" ? [...top.path, top.key ?? ""] : [...top.path, top.index];
  };
  let line = 1;
  for (let index = 0; index < text.length; index += 1) {
    const character = text[index];
    if (character === "\n") line += 1;
    else if (character === '"') {
      let end = index + 1;
      while (text[end] !== '"') end += text[end] === "\\" ? 2 : 1;
      const top = stack.at(-1);
      if (top?.kind === "object" && top.expectKey) {
        const key = JSON.parse(text.slice(index, end + 1)) as string;
        if (top.keys.has(key)) found.push({ path: [...top.path, key], line });
        top.keys.add(key);
        top.key = key;
        top.expectKey = false;
      }
      index = end;
    } else if (character === "{")
      stack.push({ kind: "object", path: childPath(), keys: new Set(), expectKey: true });
    else if (character === "[") stack.push({ kind: "array", path: childPath(), index: 0 });
    else if (character === "}" || character === "]") stack.pop();
    else if (character === ",") {
      const top = stack.at(-1);
      if (top?.kind === "object") top.expectKey = true;
      else if (top?.kind === "array") top.index += 1;
    }
  }
  return found;
}
