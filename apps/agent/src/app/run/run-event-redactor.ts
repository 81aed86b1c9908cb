import type { RunEvent } from "./run-events.js";

/** Redacts host secrets from a run's events before anyone (output, web threads, observers) sees them. */
export interface RunEventRedactor {
  /** The events to pass on for `event`: text is held back while it could still end in a secret's start. */
  redact(event: RunEvent): RunEvent[];
}

/**
 * A redactor over `redactText`. Streamed text is buffered so that a secret split over deltas is still
 * replaced: after each delta everything is passed on but an end that could be the start of a secret
 * (`heldBackLength`; nothing for ordinary text), which waits for the next delta or, when any other event
 * comes, goes out first (the run always ends with `run_finished`). Every string of every other event
 * (tool arguments, previews, warnings, the final text, errors) is redacted whole.
 */
export function createRunEventRedactor(
  redactText: (text: string) => string,
  heldBackLength: (text: string) => number,
): RunEventRedactor {
  let pending = "";
  const flush = (): RunEvent[] => {
    if (pending === "") return [];
    const text = redactText(pending);
    pending = "";
    return [{ type: "text_delta", text }];
  };
  return {
    redact(event) {
      if (event.type !== "text_delta") return [...flush(), redactStrings(event, redactText)];
      const redacted = redactText(pending + event.text);
      const cut = redacted.length - heldBackLength(redacted);
      pending = redacted.slice(cut);
      return cut === 0 ? [] : [{ type: "text_delta", text: redacted.slice(0, cut) }];
    },
  };
}

/** `value` with `redact` applied to every string in it (objects and arrays copied, nothing else changed). */
export function redactStrings<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === "string") return redact(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactStrings(item, redact)) as T;
  if (typeof value === "object" && value !== null) {
    const copy: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) copy[key] = redactStrings(item, redact);
    return copy as T;
  }
  return value;
}
