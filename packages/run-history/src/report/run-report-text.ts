import { stripTerminalControls } from "@mono-agent/evidence";

/** Characters of free text (input, output, event previews) shown per line in text reports. */
export const TEXT_PREVIEW_CHARACTERS = 120;

/** Recorded free text on one line, stripped of terminal controls (it came from a model or a tool). */
export function oneLine(text: string, max = TEXT_PREVIEW_CHARACTERS): string {
  const flat = stripTerminalControls(text).replace(/\s+/g, " ").trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/** `850ms`, `12.3s`, or `-` for a run still going. */
export function duration(ms: number | undefined): string {
  if (ms === undefined) return "-";
  return ms < 1_000 ? `${ms}ms` : `${(ms / 1_000).toFixed(1)}s`;
}

/** An ISO instant as `2026-07-12 09:30:00Z`. */
export function time(iso: string): string {
  return iso.replace("T", " ").replace(/\.\d{3}Z$/, "Z");
}
