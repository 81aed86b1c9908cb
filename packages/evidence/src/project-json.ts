import type { JsonValue } from "./json-value.js";
import { OMISSION_MARKERS, TRUNCATED_KEYS_KEY } from "./omission-markers.js";
import { isSensitiveKey, redactsNumbersUnder } from "./sensitive-keys.js";

/** @internal Resolved settings of one projection walk. */
export interface ProjectionSettings {
  readonly maxDepth: number;
  readonly maxNodes: number;
  readonly maxItems: number;
  readonly maxKeys: number;
  readonly redactSensitiveKeys: boolean;
  readonly numbers: "keep" | "projection";
  readonly sanitizeString: (text: string) => string;
  readonly sanitizeKey: (key: string) => string;
}

const SKIP = Symbol("skip");
type Projected = JsonValue | typeof SKIP;

interface WalkState {
  nodes: number;
  exhausted: boolean;
  readonly ancestors: Set<object>;
}

/** @internal Bounded, never-throwing projection of any value to JSON. */
export function projectJson(value: unknown, settings: ProjectionSettings): JsonValue {
  const state: WalkState = { nodes: 0, exhausted: false, ancestors: new Set() };
  const result = visit(value, 0, settings, state);
  return result === SKIP ? null : result;
}

function visit(value: unknown, depth: number, settings: ProjectionSettings, state: WalkState): Projected {
  if (state.nodes >= settings.maxNodes) {
    state.exhausted = true;
    return OMISSION_MARKERS.maxNodes;
  }
  state.nodes++;
  switch (typeof value) {
    case "string":
      return settings.sanitizeString(value);
    case "number":
      return Number.isFinite(value) ? value : null;
    case "bigint":
      return settings.sanitizeString(value.toString());
    case "boolean":
      return value;
    case "object":
      return value === null ? null : visitObject(value, depth, settings, state);
    default:
      return SKIP;
  }
}

function visitObject(
  value: object,
  depth: number,
  settings: ProjectionSettings,
  state: WalkState,
): Projected {
  if (state.ancestors.has(value)) return OMISSION_MARKERS.circular;
  if (depth >= settings.maxDepth) return OMISSION_MARKERS.maxDepth;
  state.ancestors.add(value);
  try {
    if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return OMISSION_MARKERS.binary;
    if (value instanceof Date)
      return Number.isNaN(value.getTime()) ? null : settings.sanitizeString(value.toISOString());
    if (Array.isArray(value)) return visitItems(value, depth, settings, state);
    if (value instanceof Set)
      return visitItems(takeFirst(value, settings.maxItems + 1), depth, settings, state);
    const entries = readEntries(value, settings.maxKeys + 1);
    return visitEntries(entries, depth, settings, state);
  } catch {
    return OMISSION_MARKERS.unreadable;
  } finally {
    state.ancestors.delete(value);
  }
}

function visitItems(
  items: readonly unknown[],
  depth: number,
  settings: ProjectionSettings,
  state: WalkState,
) {
  const out: JsonValue[] = [];
  const length = items.length;
  for (let index = 0; index < Math.min(length, settings.maxItems) && !state.exhausted; index++) {
    const item = visit(
      readSafely(() => items[index]),
      depth + 1,
      settings,
      state,
    );
    out.push(item === SKIP ? null : item);
  }
  if (length > settings.maxItems && !state.exhausted) out.push(OMISSION_MARKERS.maxItems);
  return out;
}

/** Own enumerable string keys (Map entries for a Map), at most `limit`, values read safely. */
function readEntries(value: object, limit: number): Array<[string, unknown]> {
  if (value instanceof Map) {
    return takeFirst(value.entries(), limit).map(([key, item]) => [String(key), item]);
  }
  const keys = Object.keys(value).slice(0, limit);
  const entries = keys.map((key): [string, unknown] => [
    key,
    readSafely(() => (value as Record<string, unknown>)[key]),
  ]);
  if (value instanceof Error) {
    entries.unshift(["name", readSafely(() => value.name)], ["message", readSafely(() => value.message)]);
  }
  return entries;
}

function visitEntries(
  entries: Array<[string, unknown]>,
  depth: number,
  settings: ProjectionSettings,
  state: WalkState,
) {
  const out: Record<string, JsonValue> = {};
  const kept = entries.slice(0, settings.maxKeys);
  const names = disambiguateKeys(kept.map(([key]) => [key, settings.sanitizeKey(key)]));
  for (let index = 0; index < kept.length && !state.exhausted; index++) {
    const [key, item] = kept[index]!;
    const name = names[index]!;
    const projected =
      settings.redactSensitiveKeys && (isSensitiveKey(key) || isSensitiveKey(name))
        ? redactUnder(key, item, settings, state)
        : visit(item, depth + 1, settings, state);
    if (projected !== SKIP) defineKey(out, name, projected);
  }
  if (entries.length > settings.maxKeys && !state.exhausted)
    defineKey(out, TRUNCATED_KEYS_KEY, OMISSION_MARKERS.maxKeys);
  return out;
}

function redactUnder(key: string, item: unknown, settings: ProjectionSettings, state: WalkState): Projected {
  const numeric = typeof item === "number" || typeof item === "bigint";
  if (
    item === null ||
    item === undefined ||
    (numeric && !(settings.numbers === "projection" && redactsNumbersUnder(key)))
  ) {
    return visit(item, 0, settings, state);
  }
  return visit(OMISSION_MARKERS.redacted, 0, { ...settings, sanitizeString: (text) => text }, state);
}

/**
 * Safe keys (unchanged by sanitizing) keep their spelling; sanitized keys take their sanitized
 * form, or the first free `~2`, `~3` … suffix when another key already has it.
 */
export function disambiguateKeys(pairs: ReadonlyArray<readonly [string, string]>): string[] {
  const taken = new Set(pairs.filter(([key, name]) => key === name).map(([key]) => key));
  return pairs.map(([key, name]) => {
    if (key === name) return key;
    let candidate = name;
    for (let suffix = 2; taken.has(candidate); suffix++) candidate = `${name}~${suffix}`;
    taken.add(candidate);
    return candidate;
  });
}

function defineKey(target: Record<string, JsonValue>, key: string, value: JsonValue): void {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
}

function readSafely(read: () => unknown): unknown {
  try {
    return read();
  } catch {
    return OMISSION_MARKERS.unreadable;
  }
}

function takeFirst<T>(iterable: Iterable<T>, limit: number): T[] {
  const out: T[] = [];
  for (const item of iterable) {
    if (out.length >= limit) break;
    out.push(item);
  }
  return out;
}
