import { redactJson, type SecretScanner, truncateUtf8, utf8ByteLength } from "@mono-agent/evidence";
import type { RunEvent } from "./run-event.js";
import { RUN_EVENT_MAX_BYTES, RUN_RECORD_MAX_STRING_BYTES } from "./run-record-limits.js";

/** Options of {@link serializeRunEvent} and {@link boundRunText}. */
export interface BoundRunRecordOptions {
  /** UTF-8 bytes per string; default 4,096 (reference §4.1). */
  maxStringBytes?: number;
  /** Replaces secrets found in free text (configured credential values, known token shapes). */
  secretScanner?: SecretScanner;
}

/** Strings per event line after a too-large event is re-projected smaller. */
const SHRUNK_STRING_BYTES = 512;
/** Array items per array after a too-large event is re-projected smaller. */
const SHRUNK_ITEMS = 20;

/**
 * One events-file line (without newline): the event redacted by sensitive key (and by the secret
 * scanner, when given), every string cut at `maxStringBytes`. An event whose line would pass
 * 64 KiB is re-projected with 512-byte strings and 20 items per array, and if still too large,
 * replaced by a `runtime_warning` saying so. Never throws for any event.
 */
export function serializeRunEvent(event: RunEvent, options: BoundRunRecordOptions = {}): string {
  const maxStringBytes = options.maxStringBytes ?? RUN_RECORD_MAX_STRING_BYTES;
  const project = (stringBytes: number, items?: number) =>
    JSON.stringify(
      redactJson(event, {
        maxStringBytes: stringBytes,
        ...(items !== undefined ? { maxItems: items } : {}),
        ...(options.secretScanner
          ? { secretScanner: options.secretScanner, secretMarker: "[redacted]" }
          : {}),
      }),
    );
  let line = project(maxStringBytes);
  if (utf8ByteLength(line) <= RUN_EVENT_MAX_BYTES) return line;
  line = project(Math.min(maxStringBytes, SHRUNK_STRING_BYTES), SHRUNK_ITEMS);
  if (utf8ByteLength(line) <= RUN_EVENT_MAX_BYTES) return line;
  return JSON.stringify({
    type: "runtime_warning",
    warning_kind: "event_too_large",
    message: `A ${event.type} event was larger than ${RUN_EVENT_MAX_BYTES} bytes after bounding and was not recorded.`,
    ...(event.at !== undefined ? { at: event.at } : {}),
  });
}

/** Free text for a summary field: secrets replaced (with a scanner), cut at `maxStringBytes` on a UTF-8 boundary. */
export function boundRunText(text: string, options: BoundRunRecordOptions = {}): string {
  const scanned = options.secretScanner ? options.secretScanner.replaceSecrets(text, "[redacted]") : text;
  return truncateUtf8(scanned, options.maxStringBytes ?? RUN_RECORD_MAX_STRING_BYTES);
}
