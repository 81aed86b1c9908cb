import { truncateUtf8, utf8ByteLength } from "@mono-agent/evidence";
import { RUN_PRIVATE_FIELD_MAX_BYTES } from "../run-record-limits.js";
import type { RunPrivateFields } from "../run-summary.js";
import type { runPrivateFields } from "./run-store-schema.js";

type PrivateRow = typeof runPrivateFields.$inferSelect;

function boundedJson(value: unknown): string | null {
  if (value === undefined) return null;
  const text = JSON.stringify(value) ?? null;
  if (text === null) return null;
  // A value that does not fit is kept as a bounded JSON string rather than broken JSON.
  return utf8ByteLength(text) <= RUN_PRIVATE_FIELD_MAX_BYTES
    ? text
    : JSON.stringify(truncateUtf8(text, RUN_PRIVATE_FIELD_MAX_BYTES - 64));
}

function parsed(text: string | null): unknown {
  if (text === null) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Private fields as their row, each bounded to 256 KiB. */
export function privateFieldsToRow(runId: string, fields: RunPrivateFields): PrivateRow {
  return {
    runId,
    systemPrompt:
      fields.systemPrompt !== undefined
        ? truncateUtf8(fields.systemPrompt, RUN_PRIVATE_FIELD_MAX_BYTES)
        : null,
    providerSessionMetadataJson: boundedJson(fields.providerSessionMetadata),
    recalledMemoryJson: boundedJson(fields.recalledMemory),
  };
}

export function rowToPrivateFields(row: PrivateRow): RunPrivateFields {
  const providerSessionMetadata = parsed(row.providerSessionMetadataJson);
  const recalledMemory = parsed(row.recalledMemoryJson);
  return {
    ...(row.systemPrompt !== null ? { systemPrompt: row.systemPrompt } : {}),
    ...(providerSessionMetadata !== undefined ? { providerSessionMetadata } : {}),
    ...(recalledMemory !== undefined ? { recalledMemory } : {}),
  };
}
