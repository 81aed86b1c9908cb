import {
  createSecretScanner,
  OMISSION_MARKERS,
  opaquePaths,
  type SecretScanner,
  truncateUtf8,
} from "@mono-agent/evidence";
import { PROJECTED_STRING_MAX_BYTES } from "./run-history-limits.js";

/** Terminal and bidi controls (not TAB, LF, CR): removed from every projected string. */
const CONTROLS =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Private run-artifact text: the agent's `.mono-agent/` folder, tool-output folders, events and summary
 * artifacts, and the SQLite stores (reference §4.1 layout).
 */
const PRIVATE_ARTIFACT =
  /\.mono-agent[\\/]|(?:^|[^A-Za-z0-9_-])tool-output[\\/]|(?:^|[^A-Za-z0-9_-])(?:run|mem)-[A-Za-z0-9._-]*\.(?:events\.jsonl|summary\.json)|\bruns\.sqlite\b|\btool-lifecycles\.sqlite\b/i;

/** How RunHistory makes one string safe to show, by where it comes from. */
export interface SafeText {
  /** True when `text` holds private artifact text (the artifacts folder, events files, tool-output folders). */
  isPrivate(text: string): boolean;
  /** True when `text` holds private artifact text or a credential. */
  isUnsafe(text: string): boolean;
  /** Evidence prose (trigger, tool input strings): secrets → `[secret omitted]`, private artifact spans and paths opaque. */
  evidence(text: string, maxBytes?: number): string;
  /** Assistant text of one inspection, scanned as one group so a secret split across fragments is caught. */
  assistantGroup(texts: readonly string[]): string[];
  /** A warning or failure message: the diagnostic sentinel when it carries a secret or private internals. */
  diagnostic(text: string): string;
  /** A tool result text: the tool-result sentinel when it carries a secret or private internals. */
  toolResult(text: string): string;
}

/** The safe-text rules of one RunHistory context. */
export function createSafeText(options: {
  secretScanner?: SecretScanner;
  privatePaths?: readonly string[];
}): SafeText {
  const scanner = options.secretScanner ?? createSecretScanner();
  const privatePaths = (options.privatePaths ?? []).filter((path) => path.length > 1);
  const isPrivate = (text: string) =>
    PRIVATE_ARTIFACT.test(text) || privatePaths.some((path) => text.includes(path));
  const scrub = (text: string) => {
    let out = text.replace(CONTROLS, "");
    for (const path of privatePaths) out = out.split(path).join(OMISSION_MARKERS.hostPath);
    if (PRIVATE_ARTIFACT.test(out))
      out = out.replace(/[^\s"'`<>|,;=(){}[\]]+/g, (token) =>
        PRIVATE_ARTIFACT.test(token) ? OMISSION_MARKERS.hostPath : token,
      );
    return out;
  };
  const finish = (text: string, maxBytes: number) => truncateUtf8(opaquePaths(scrub(text)), maxBytes);
  const whole = (text: string, sentinel: string) => {
    const clean = text.replace(CONTROLS, "");
    return scanner.findSecrets(clean).length > 0 || isPrivate(clean)
      ? sentinel
      : truncateUtf8(opaquePaths(clean), PROJECTED_STRING_MAX_BYTES);
  };
  return {
    isPrivate,
    isUnsafe: (text) => isPrivate(text) || scanner.findSecrets(text).length > 0,
    evidence: (text, maxBytes = PROJECTED_STRING_MAX_BYTES) =>
      finish(scanner.replaceSecrets(text.replace(CONTROLS, "")), maxBytes),
    assistantGroup: (texts) =>
      scanner
        .replaceSecrets(texts.map((text) => text.replace(CONTROLS, "")))
        .map((text) => finish(text, PROJECTED_STRING_MAX_BYTES)),
    diagnostic: (text) => whole(text, OMISSION_MARKERS.diagnostic),
    toolResult: (text) => whole(text, OMISSION_MARKERS.toolResult),
  };
}
