/**
 * The fixed strings that stand in for withheld or cut content. Consumers may match on them;
 * they never change within a major version.
 */
export const OMISSION_MARKERS = {
  /** Value under a sensitive key (reference §4.2). */
  redacted: "[redacted]",
  /** Container deeper than the depth bound. */
  maxDepth: "[max-depth]",
  /** Value past the node budget. */
  maxNodes: "[max-nodes]",
  /** Appended to an array cut at the item bound. */
  maxItems: "[max-items]",
  /** Value of the `__truncated__` key added to an object cut at the key bound. */
  maxKeys: "[max-keys]",
  /** Reference back to an enclosing container. */
  circular: "[circular]",
  /** A value that could not be read (a throwing getter or proxy trap). */
  unreadable: "[unreadable]",
  /** Binary data (typed arrays, ArrayBuffer, DataView) is never projected. */
  binary: "[binary]",
  /** Opaque host-root token that replaces the root of a filesystem path. */
  hostPath: "[host-path]",
  /** A secret found in free text by the scanner. */
  secret: "[secret omitted]",
  /** Tool result that carried private internals (RunHistory). */
  toolResult: "[tool result omitted: private or sensitive content]",
  /** Diagnostic that carried private internals (RunHistory). */
  diagnostic: "[diagnostic omitted: private or sensitive content]",
  /** Body of a nested RunHistory or SessionHistory result. */
  nestedHistoryResult: "[nested history result omitted]",
  /** MemoryJournal entry text withheld by the safety filter (reference §6.5). */
  memoryText: "[memory text withheld by safety filter]",
  /** MemoryJournal identifier withheld by the safety filter (reference §6.5). */
  memoryIdentifier: "[memory identifier withheld by safety filter]",
} as const;

/** Key added to an object cut at the key bound. */
export const TRUNCATED_KEYS_KEY = "__truncated__";

/** One of the {@link OMISSION_MARKERS} strings. */
export type OmissionMarker = (typeof OMISSION_MARKERS)[keyof typeof OMISSION_MARKERS];
