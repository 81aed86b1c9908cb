import type { Context } from "hono";
import { streamSSE } from "hono/streaming";
import type { WebEventHub } from "../web-event-hub.js";

/** Interval of the keep-alive comment on an idle event stream, in ms: under common 30-60 s proxy idle limits. */
export const EVENT_STREAM_HEARTBEAT_MS = 15_000;

/** How soon the browser reconnects after the stream drops, in ms (the SSE `retry` field). */
export const EVENT_STREAM_RETRY_MS = 2_000;

/**
 * Serves `GET /api/events` as server-sent events (hono's SSE helper): every console event as
 * `data: <json>`, a heartbeat comment while idle. While it is open, `openStreams` holds the function
 * that ends it (server shutdown).
 */
export function serveEventStream(c: Context, hub: WebEventHub, openStreams: Set<() => void>): Response {
  return streamSSE(
    c,
    async (stream) => {
      let finish = () => {};
      const finished = new Promise<void>((resolve) => {
        finish = resolve;
      });
      openStreams.add(finish);
      const unsubscribe = hub.subscribe((event) => {
        void stream.writeSSE({ data: JSON.stringify(event) });
      });
      const heartbeat = setInterval(() => void stream.write(": ping\n\n"), EVENT_STREAM_HEARTBEAT_MS);
      heartbeat.unref();
      stream.onAbort(finish);
      try {
        await stream.write(`retry: ${EVENT_STREAM_RETRY_MS}\n\n: connected\n\n`);
        await finished;
      } finally {
        clearInterval(heartbeat);
        unsubscribe();
        openStreams.delete(finish);
      }
    },
    // A write to a stream the browser already left fails quietly: the stream just ends.
    async () => {},
  );
}
