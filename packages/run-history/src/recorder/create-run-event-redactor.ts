import { redactStrings } from "./redact-strings.js";

/** A run event as the redactor reads it: streamed text is a `text_delta` with its `text`. */
export type RedactableRunEvent = { type: string } | { type: "text_delta"; text: string };

/** Redacts host secrets from a run's events before anyone (output, web threads, observers) sees them. */
export interface RunEventRedactor<Event extends RedactableRunEvent> {
  /** The events to pass on for `event`: text is held back while it could still end in a secret's start. */
  redact(event: Event): Event[];
}

/**
 * A redactor over `redactText`. Streamed text is buffered so that a secret split over deltas is still
 * replaced: after each delta everything is passed on but an end that could be the start of a secret
 * (`heldBackLength`; nothing for ordinary text), which waits for the next delta or, when any other event
 * comes, goes out first (the run always ends with `run_finished`). Every string of every other event
 * (tool arguments, previews, warnings, the final text, errors) is redacted whole.
 */
export function createRunEventRedactor<Event extends RedactableRunEvent>(
  redactText: (text: string) => string,
  heldBackLength: (text: string) => number,
): RunEventRedactor<Event> {
  const textDelta = (text: string) => ({ type: "text_delta", text }) as Event;
  let pending = "";
  const flush = (): Event[] => {
    if (pending === "") return [];
    const text = redactText(pending);
    pending = "";
    return [textDelta(text)];
  };
  return {
    redact(event) {
      if (event.type !== "text_delta") return [...flush(), redactStrings(event, redactText)];
      const redacted = redactText(pending + (event as { text: string }).text);
      const cut = redacted.length - heldBackLength(redacted);
      pending = redacted.slice(cut);
      return cut === 0 ? [] : [textDelta(redacted.slice(0, cut))];
    },
  };
}
