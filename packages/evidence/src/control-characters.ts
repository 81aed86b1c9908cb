import type { SecretFinding } from "./secret-kind.js";

const CONTROL_PATTERN =
  /[\x00-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]|\r(?!\n)/g;

/**
 * Terminal and bidi control characters. TAB, LF and the CR of a CRLF pair are allowed because
 * tool output and prose carry them legitimately; a bare CR is flagged because it rewrites the
 * current terminal line.
 */
export function findControlCharacters(text: string): SecretFinding[] {
  const findings: SecretFinding[] = [];
  CONTROL_PATTERN.lastIndex = 0;
  for (let match = CONTROL_PATTERN.exec(text); match; match = CONTROL_PATTERN.exec(text)) {
    const code = text.charCodeAt(match.index);
    const bidi = code === 0x061c || code >= 0x200e;
    findings.push({
      kind: bidi ? "bidi_control" : "terminal_control",
      start: match.index,
      end: match.index + 1,
    });
  }
  return findings;
}
