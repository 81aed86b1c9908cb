import pg from "pg";
import type { WebConsoleEvent, WebEventHub } from "../../web-event-hub.js";
import { createWebEventHub } from "../../web-event-hub.js";

/** The NOTIFY channel the console events of every host travel on. */
export const WEB_EVENT_CHANNEL = "web_console_events";

/**
 * Largest notification payload sent inline, in bytes: PostgreSQL refuses payloads of 8,000 bytes and
 * more. A larger event is stored in `web_event_payloads` and the notification carries the row's id.
 */
export const WEB_EVENT_INLINE_MAX_BYTES = 7_900;

/** How long a stored large payload is kept for the other hosts to read (ms). */
const STORED_PAYLOAD_TTL_MS = 5 * 60_000;

/** First and longest wait before the LISTEN connection is opened again after it dropped (ms). */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;

/** Options of {@link createPostgresWebEventHub}. */
export interface PostgresWebEventHubOptions {
  /** The `postgres://` URL (the LISTEN connection is opened on it). */
  url: string;
  /** The schema the web console's migrations created (`web_event_payloads` lives there). */
  schema: string;
  /** The pool events are published through (NOTIFY and large payload rows). */
  pool: pg.Pool;
  /** This host's id: its own events are delivered locally at once and skipped when they come back. */
  hostId: string;
}

/** A {@link WebEventHub} shared by every host on one PostgreSQL. */
export interface PostgresWebEventHub extends WebEventHub {
  /** Settles once the LISTEN connection is open (events of other hosts arrive from then on). */
  readonly ready: Promise<void>;
  /** Stops listening and ends the LISTEN connection; waits for events already being published. */
  close(): Promise<void>;
}

/** What one notification carries: the publishing host and the event, or the id of its stored row. */
type Envelope = { h: string; e: WebConsoleEvent } | { h: string; ref: number };

/**
 * Creates the console event hub of a host that shares its PostgreSQL with other hosts: an event
 * published here reaches this host's streams at once and every other host's through LISTEN/NOTIFY on
 * {@link WEB_EVENT_CHANNEL}, in publish order. When the LISTEN connection drops, it is opened again with
 * backoff and a `threads` invalidation is delivered so browsers refetch what they may have missed.
 */
export function createPostgresWebEventHub(options: PostgresWebEventHubOptions): PostgresWebEventHub {
  const local = createWebEventHub();
  let closed = false;
  let client: pg.Client | undefined;
  let publishing: Promise<void> = Promise.resolve();
  let receiving: Promise<void> = Promise.resolve();
  let reconnectTimer: NodeJS.Timeout | undefined;
  let delayMs = RECONNECT_FIRST_MS;
  let resolveReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => {
    resolveReady = resolve;
  });

  const deliver = (payload: string) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch {
      return;
    }
    if (envelope.h === options.hostId) return;
    // Chained so a stored payload read from the table keeps its place among the inline ones.
    receiving = receiving.then(async () => {
      if ("e" in envelope) {
        local.publish(envelope.e);
        return;
      }
      const result = await options.pool
        .query<{ payload_json: string }>(
          "SELECT payload_json FROM web_event_payloads WHERE payload_id = $1",
          [envelope.ref],
        )
        .catch(() => undefined);
      const row = result?.rows[0];
      if (row) local.publish(JSON.parse(row.payload_json) as WebConsoleEvent);
    });
  };

  const scheduleReconnect = () => {
    if (closed || reconnectTimer) return;
    reconnectTimer = setTimeout(() => {
      reconnectTimer = undefined;
      void listen(true);
    }, delayMs);
    reconnectTimer.unref();
    delayMs = Math.min(delayMs * 2, RECONNECT_MAX_MS);
  };

  const listen = async (again: boolean) => {
    const next = new pg.Client({
      connectionString: options.url,
      options: `-c search_path=${options.schema}`,
      application_name: "mono-agent web events",
    });
    const lost = () => {
      if (client !== next) return;
      client = undefined;
      next.removeAllListeners("notification");
      void next.end().catch(() => {});
      scheduleReconnect();
    };
    next.on("error", lost);
    next.on("end", lost);
    next.on("notification", (message) => {
      if (message.channel === WEB_EVENT_CHANNEL && message.payload) deliver(message.payload);
    });
    try {
      client = next;
      await next.connect();
      await next.query(`LISTEN ${WEB_EVENT_CHANNEL}`);
    } catch {
      if (client === next) client = undefined;
      void next.end().catch(() => {});
      scheduleReconnect();
      return;
    }
    if (closed) {
      client = undefined;
      await next.end().catch(() => {});
      return;
    }
    delayMs = RECONNECT_FIRST_MS;
    resolveReady();
    // Events of other hosts may have been missed while the connection was down.
    if (again) local.publish({ type: "threads" });
  };

  const send = async (event: WebConsoleEvent) => {
    const inline = JSON.stringify({ h: options.hostId, e: event } satisfies Envelope);
    if (Buffer.byteLength(inline, "utf8") <= WEB_EVENT_INLINE_MAX_BYTES) {
      await options.pool.query("SELECT pg_notify($1, $2)", [WEB_EVENT_CHANNEL, inline]);
      return;
    }
    const now = Date.now();
    const stored = await options.pool.query<{ payload_id: string }>(
      "INSERT INTO web_event_payloads (payload_json, created_at_ms) VALUES ($1, $2) RETURNING payload_id",
      [JSON.stringify(event), now],
    );
    const ref = Number(stored.rows[0]?.payload_id);
    await options.pool.query("SELECT pg_notify($1, $2)", [
      WEB_EVENT_CHANNEL,
      JSON.stringify({ h: options.hostId, ref } satisfies Envelope),
    ]);
    await options.pool.query("DELETE FROM web_event_payloads WHERE created_at_ms < $1", [
      now - STORED_PAYLOAD_TTL_MS,
    ]);
  };

  void listen(false);
  return {
    ready,
    publish(event) {
      local.publish(event);
      if (closed) return;
      // One after another, so the other hosts get this host's events in publish order.
      publishing = publishing.then(() => send(event)).catch(() => {});
    },
    subscribe: (listener) => local.subscribe(listener),
    async close() {
      if (closed) return;
      closed = true;
      if (reconnectTimer) clearTimeout(reconnectTimer);
      await publishing;
      const current = client;
      client = undefined;
      await current?.end().catch(() => {});
    },
  };
}
