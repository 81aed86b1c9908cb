import type { ServerResponse } from "node:http";
import type { WebEventHub } from "./web-event-hub.js";
import { COMMON_HEADERS } from "./web-http.js";

/** Interval of the keep-alive comment on an idle event stream, in ms: under common 30-60 s proxy idle limits. */
export const EVENT_STREAM_HEARTBEAT_MS = 15_000;

/** How soon the browser reconnects after the stream drops, in ms (the SSE `retry` field). */
export const EVENT_STREAM_RETRY_MS = 2_000;

/**
 * Serves `GET /api/events` as server-sent events: every console event as `data: <json>`, a heartbeat
 * comment while idle. Returns a function that ends the stream (server shutdown); `onClosed` runs once
 * the stream is gone, however it ended.
 */
export function serveEventStream(
  response: ServerResponse,
  hub: WebEventHub,
  onClosed: () => void,
): () => void {
  response.writeHead(200, {
    ...COMMON_HEADERS,
    "content-type": "text/event-stream; charset=utf-8",
    connection: "keep-alive",
  });
  response.write(`retry: ${EVENT_STREAM_RETRY_MS}\n\n: connected\n\n`);
  const unsubscribe = hub.subscribe((event) => {
    response.write(`data: ${JSON.stringify(event)}\n\n`);
  });
  const heartbeat = setInterval(() => response.write(": ping\n\n"), EVENT_STREAM_HEARTBEAT_MS);
  heartbeat.unref();
  let closed = false;
  const cleanup = () => {
    if (closed) return;
    closed = true;
    clearInterval(heartbeat);
    unsubscribe();
    onClosed();
  };
  response.on("close", cleanup);
  return () => {
    cleanup();
    response.end();
  };
}
