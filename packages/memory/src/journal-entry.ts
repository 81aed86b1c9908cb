import {
  OMISSION_MARKERS,
  opaquePaths,
  type SecretScanner,
  truncateUtf8,
  utf8ByteLength,
} from "@mono-agent/evidence";
import { JOURNAL_ENTRY_TEXT_MAX_BYTES } from "./limits.js";
import type { MemoryStatus, MemoryType } from "./memory-bullet.js";
import type { JournalRecord } from "./memory-store.js";

/** One MemoryJournal entry as the model sees it: evidence, never instructions. */
export interface JournalEntry {
  recordRef: string;
  type: MemoryType;
  status: MemoryStatus;
  /** `current`, or `invalidated` for an invalidated record. */
  currentValidity: "current" | "invalidated";
  /** Normalized ISO-8601 UTC timestamp. */
  createdAt: string;
  dueAt?: string;
  /** Safe relative canonical source only. */
  source: { file: string; line: number };
  text: string;
  textWithheld: boolean;
  textTruncated?: true;
  originalTextBytes?: number;
}

const SAFE_IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;
const SAFE_SOURCE = /^(daily\/)?\d{4}-\d{2}-\d{2}\.md$/;

/** Projects one store record: unsafe text or identifiers become the fixed omission markers. */
export function projectJournalEntry(record: JournalRecord, scanner: SecretScanner): JournalEntry {
  const unsafeText = scanner.findSecrets(record.text).length > 0 || opaquePaths(record.text) !== record.text;
  const originalTextBytes = utf8ByteLength(record.text);
  const truncated = !unsafeText && originalTextBytes > JOURNAL_ENTRY_TEXT_MAX_BYTES;
  const createdAt = Number.isFinite(record.createdMs) ? new Date(record.createdMs).toISOString() : "";
  const dueMs = record.dueAt === undefined ? Number.NaN : Date.parse(record.dueAt);
  return {
    recordRef: SAFE_IDENTIFIER.test(record.id) ? record.id : OMISSION_MARKERS.memoryIdentifier,
    type: record.type,
    status: record.status,
    currentValidity: record.status === "invalidated" ? "invalidated" : "current",
    createdAt,
    ...(Number.isFinite(dueMs) ? { dueAt: new Date(dueMs).toISOString() } : {}),
    source: {
      file: SAFE_SOURCE.test(record.sourceFile) ? record.sourceFile : OMISSION_MARKERS.memoryIdentifier,
      line: record.sourceLine,
    },
    text: unsafeText
      ? OMISSION_MARKERS.memoryText
      : truncated
        ? truncateUtf8(record.text, JOURNAL_ENTRY_TEXT_MAX_BYTES)
        : record.text,
    textWithheld: unsafeText,
    ...(truncated ? { textTruncated: true as const, originalTextBytes } : {}),
  };
}
