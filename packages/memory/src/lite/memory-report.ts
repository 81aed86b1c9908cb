import { MemoryError } from "../memory-error.js";

/**
 * What one `mono-agent memory` command reports: `data` for `--json` (printed after `"ok": true`) and
 * `text` for people. {@link memoryReportLine} prints either.
 */
export interface MemoryReport {
  data: Record<string, unknown>;
  text: string;
}

/** The line a host prints for a report: one JSON object (`ok: true` first) or the text. */
export function memoryReportLine(report: MemoryReport, json: boolean): string {
  return json ? `${JSON.stringify({ ok: true, ...report.data })}\n` : `${report.text}\n`;
}

/** The `--json` line of a failed memory command, `{ ok: false, error: { code, message } }`; undefined for other errors. */
export function memoryErrorLine(error: unknown): string | undefined {
  if (!MemoryError.isInstance(error)) return undefined;
  return `${JSON.stringify({ ok: false, error: { code: error.code, message: error.message } })}\n`;
}
