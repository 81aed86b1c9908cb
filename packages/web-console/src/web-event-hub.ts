import type { WebConsoleRunEvent } from "./web-console-app.js";

/** A run event as the browser gets it: a text delta also says where in the turn's text it starts. */
export type WebRunEvent =
  | Exclude<WebConsoleRunEvent, { type: "text_delta" }>
  | { type: "text_delta"; text: string; offset: number };

/**
 * What the event stream (`GET /api/events`) carries: invalidations, after which the browser refetches
 * (`threads`: the list changed; `thread`: one thread changed), and live run events of a thread's turn.
 */
export type WebConsoleEvent =
  | { type: "threads" }
  | { type: "thread"; threadId: string }
  | { type: "run"; threadId: string; turnId: string; event: WebRunEvent };

/** Fan-out of console events to every open event stream. */
export interface WebEventHub {
  publish(event: WebConsoleEvent): void;
  /** Returns the unsubscribe function. */
  subscribe(listener: (event: WebConsoleEvent) => void): () => void;
}

export function createWebEventHub(): WebEventHub {
  const listeners = new Set<(event: WebConsoleEvent) => void>();
  return {
    publish(event) {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch {
          listeners.delete(listener);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
