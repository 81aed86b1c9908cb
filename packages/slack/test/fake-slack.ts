import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";

/** One message the fake Slack keeps (posted, then maybe updated). */
export interface FakeSlackMessage {
  channel: string;
  ts: string;
  thread_ts?: string;
  text: string;
  /** Every text the message had, in order (the post, then each update). */
  versions: string[];
  /** Block Kit blocks of the latest version. */
  blocks?: unknown[];
  unfurl_links?: boolean;
  unfurl_media?: boolean;
  /** A message made by `chat.startStream`: `started` until `chat.stopStream`. */
  streaming?: "started" | "stopped";
}

/** A Slack Web API, Socket Mode endpoint and file host on 127.0.0.1, for tests. */
export interface FakeSlack {
  /** Base URL of the Web API (`slackApiUrl`), ending in `/api/`. */
  readonly apiUrl: string;
  readonly origin: string;
  readonly botToken: string;
  readonly botUserId: string;
  readonly signingSecret: string;
  readonly messages: FakeSlackMessage[];
  /** Every Web API method called, in order (`chat.postMessage`, ...), 429 answers included. */
  readonly calls: string[];
  readonly statuses: { channel_id: string; thread_ts: string; status: string }[];
  /** Ephemeral messages (`chat.postEphemeral`): seen only by `user`. */
  readonly ephemerals: { channel: string; user: string; text: string; thread_ts?: string }[];
  /** Members of each channel (`conversations.members`); default UHUMAN in C0ALLOW and C0OTHER. */
  members: Record<string, string[]>;
  /** Signs and POSTs a Block Kit interaction (a button click) to `url`; resolves to the HTTP status. */
  clickButton(
    url: string,
    options: { userId: string; channel: string; messageTs: string; value: string },
  ): Promise<number>;
  /** Whether `chat.startStream` / `appendStream` / `stopStream` exist (default false: `unknown_method`). */
  streaming: boolean;
  /** Answer every `n`th call with 429 Retry-After `retryAfterSeconds` (0: never). */
  rateLimitEvery: number;
  retryAfterSeconds: number;
  /** Answers the next `count` calls of `method` with 429 Retry-After `retryAfterSeconds`. */
  rateLimitNext(method: string, count: number): void;
  /** Serves `bytes` as a private file; returns its url_private_download. */
  addFile(name: string, bytes: Uint8Array): string;
  /** Who fetched files, by Authorization header. */
  readonly fileFetches: string[];
  /** Signs and POSTs an Events API body to `url` (HTTP mode); resolves to the HTTP status. */
  postEvent(
    url: string,
    body: object,
    options?: { retryNum?: number; signingSecret?: string },
  ): Promise<number>;
  /** Sends an Events API body over the Socket Mode connection; resolves when the app acks it. */
  sendSocketEvent(body: object): Promise<void>;
  /** Resolves once a Socket Mode client is connected and greeted. */
  socketConnected(): Promise<void>;
  close(): Promise<void>;
}

let tsCounter = 1_700_000_000;

async function readBody(request: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts).toString("utf8");
}

function parseArguments(body: string, contentType: string | undefined): Record<string, unknown> {
  if (contentType?.includes("application/json"))
    return body === "" ? {} : (JSON.parse(body) as Record<string, unknown>);
  const values: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    if (value === "true" || value === "false") values[key] = value === "true";
    else if (/^[[{]/.test(value)) {
      try {
        values[key] = JSON.parse(value);
      } catch {
        values[key] = value;
      }
    } else values[key] = value;
  }
  return values;
}

/** Starts the fake on 127.0.0.1 (an ephemeral port). */
export async function startFakeSlack(): Promise<FakeSlack> {
  const botToken = "xoxb-fake-bot-token";
  const signingSecret = "fake-signing-secret";
  const botUserId = "UBOT";
  const messages: FakeSlackMessage[] = [];
  const calls: string[] = [];
  const statuses: FakeSlack["statuses"] = [];
  const ephemerals: FakeSlack["ephemerals"] = [];
  const files = new Map<string, Uint8Array>();
  const fileFetches: string[] = [];
  const sockets = new Set<WebSocket>();
  const acks = new Map<string, () => void>();
  let connected: () => void;
  let connectedPromise = new Promise<void>((resolve) => {
    connected = resolve;
  });
  let callCount = 0;
  const limited = new Map<string, number>();
  let origin = "";

  const methods: Record<string, (args: Record<string, unknown>) => Record<string, unknown>> = {
    "auth.test": () => ({ user_id: botUserId, bot_id: "BBOT", team_id: "T1", user: "mono-agent" }),
    "apps.connections.open": () => ({ url: `${origin.replace("http", "ws")}/socket` }),
    "chat.postMessage": (args) => {
      const channel = String(args.channel);
      if (channel.startsWith("CGONE")) return { ok: false, error: "channel_not_found" };
      const ts = `${tsCounter++}.000100`;
      const message: FakeSlackMessage = {
        channel,
        ts,
        text: String(args.text ?? ""),
        versions: [String(args.text ?? "")],
        ...(Array.isArray(args.blocks) ? { blocks: args.blocks as unknown[] } : {}),
        ...(typeof args.thread_ts === "string" ? { thread_ts: args.thread_ts } : {}),
        ...(typeof args.unfurl_links === "boolean" ? { unfurl_links: args.unfurl_links } : {}),
        ...(typeof args.unfurl_media === "boolean" ? { unfurl_media: args.unfurl_media } : {}),
      };
      messages.push(message);
      return { channel, ts, message: { text: message.text, ts } };
    },
    "chat.postEphemeral": (args) => {
      const channel = String(args.channel);
      const user = String(args.user ?? "");
      if (!(fake.members[channel] ?? []).includes(user)) return { ok: false, error: "user_not_in_channel" };
      ephemerals.push({
        channel,
        user,
        text: String(args.text ?? ""),
        ...(typeof args.thread_ts === "string" ? { thread_ts: args.thread_ts } : {}),
      });
      return { message_ts: `${tsCounter++}.000300` };
    },
    "chat.update": (args) => {
      const message = messages.find((item) => item.channel === args.channel && item.ts === args.ts);
      if (!message) return { ok: false, error: "message_not_found" };
      message.text = String(args.text ?? "");
      message.versions.push(message.text);
      if (Array.isArray(args.blocks)) message.blocks = args.blocks as unknown[];
      return { channel: message.channel, ts: message.ts };
    },
    "chat.startStream": (args) => {
      if (!fake.streaming) return { ok: false, error: "unknown_method" };
      const channel = String(args.channel);
      const ts = `${tsCounter++}.000100`;
      const text = String(args.markdown_text ?? "");
      const message: FakeSlackMessage = { channel, ts, text, versions: [text], streaming: "started" };
      if (typeof args.thread_ts === "string") message.thread_ts = args.thread_ts;
      messages.push(message);
      return { channel, ts };
    },
    "chat.appendStream": (args) => {
      const message = messages.find((item) => item.channel === args.channel && item.ts === args.ts);
      if (message?.streaming !== "started") return { ok: false, error: "message_not_in_streaming_state" };
      message.text += String(args.markdown_text ?? "");
      message.versions.push(message.text);
      return { channel: message.channel, ts: message.ts };
    },
    "chat.stopStream": (args) => {
      const message = messages.find((item) => item.channel === args.channel && item.ts === args.ts);
      if (message?.streaming !== "started") return { ok: false, error: "message_not_in_streaming_state" };
      message.text += String(args.markdown_text ?? "");
      message.versions.push(message.text);
      message.streaming = "stopped";
      return { channel: message.channel, ts: message.ts, message: { text: message.text } };
    },
    "assistant.threads.setStatus": (args) => {
      statuses.push({
        channel_id: String(args.channel_id),
        thread_ts: String(args.thread_ts),
        status: String(args.status),
      });
      return {};
    },
    "assistant.threads.setSuggestedPrompts": () => ({}),
    "conversations.members": (args) => ({
      members: fake.members[String(args.channel)] ?? [],
      response_metadata: { next_cursor: "" },
    }),
  };

  const fake: FakeSlack = {
    apiUrl: "",
    origin: "",
    botToken,
    botUserId,
    signingSecret,
    messages,
    calls,
    statuses,
    ephemerals,
    streaming: false,
    rateLimitEvery: 0,
    retryAfterSeconds: 0,
    members: { C0ALLOW: ["UHUMAN"], C0OTHER: ["UHUMAN"] },
    async clickButton(url, click) {
      const payload = {
        type: "block_actions",
        team: { id: "T1" },
        user: { id: click.userId },
        api_app_id: "A1",
        token: "verification",
        trigger_id: "1.2.3",
        container: { type: "message", message_ts: click.messageTs, channel_id: click.channel },
        channel: { id: click.channel },
        message: { ts: click.messageTs, type: "message" },
        actions: [
          { type: "button", action_id: "mono_ask_0", block_id: "b", value: click.value, action_ts: "1" },
        ],
      };
      const text = `payload=${encodeURIComponent(JSON.stringify(payload))}`;
      const timestamp = Math.floor(Date.now() / 1000);
      const signature = createHmac("sha256", signingSecret).update(`v0:${timestamp}:${text}`).digest("hex");
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          "x-slack-request-timestamp": String(timestamp),
          "x-slack-signature": `v0=${signature}`,
        },
        body: text,
      });
      await response.text();
      return response.status;
    },
    fileFetches,
    rateLimitNext(method, count) {
      limited.set(method, count);
    },
    addFile(name, bytes) {
      const id = `F${files.size + 1}`;
      files.set(id, bytes);
      return `${origin}/files-pri/${id}/${encodeURIComponent(name)}`;
    },
    async postEvent(url, body, options = {}) {
      const text = JSON.stringify(body);
      const timestamp = Math.floor(Date.now() / 1000);
      const signature = createHmac("sha256", options.signingSecret ?? signingSecret)
        .update(`v0:${timestamp}:${text}`)
        .digest("hex");
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-slack-request-timestamp": String(timestamp),
          "x-slack-signature": `v0=${signature}`,
          ...(options.retryNum !== undefined
            ? { "x-slack-retry-num": String(options.retryNum), "x-slack-retry-reason": "http_timeout" }
            : {}),
        },
        body: text,
      });
      await response.text();
      return response.status;
    },
    async sendSocketEvent(body) {
      const envelopeId = randomUUID();
      const acked = new Promise<void>((resolve) => acks.set(envelopeId, resolve));
      const envelope = JSON.stringify({
        envelope_id: envelopeId,
        type: "events_api",
        payload: body,
        accepts_response_payload: false,
        retry_attempt: 0,
        retry_reason: "",
      });
      for (const socket of sockets) socket.send(envelope);
      await acked;
    },
    socketConnected: () => connectedPromise,
    async close() {
      for (const socket of sockets) socket.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", origin);
    if (url.pathname.startsWith("/files-pri/")) {
      fileFetches.push(request.headers.authorization ?? "");
      const bytes = files.get(url.pathname.split("/")[2] ?? "");
      if (request.headers.authorization !== `Bearer ${botToken}` || bytes === undefined) {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { "content-type": "application/octet-stream" }).end(Buffer.from(bytes));
      return;
    }
    const method = url.pathname.replace(/^\/api\//, "");
    const body = await readBody(request);
    calls.push(method);
    callCount += 1;
    const pending = limited.get(method) ?? 0;
    if (pending > 0) limited.set(method, pending - 1);
    if (pending > 0 || (fake.rateLimitEvery > 0 && callCount % fake.rateLimitEvery === 0)) {
      response.writeHead(429, {
        "retry-after": String(fake.retryAfterSeconds),
        "content-type": "application/json",
      });
      response.end(JSON.stringify({ ok: false, error: "ratelimited" }));
      return;
    }
    const handler = methods[method];
    const token = request.headers.authorization?.replace(/^Bearer /, "");
    const args = parseArguments(body, request.headers["content-type"]);
    const expectedToken = method === "apps.connections.open" ? "xapp-fake-app-token" : botToken;
    const answer =
      handler === undefined
        ? { ok: false, error: "unknown_method" }
        : (token ?? args.token) !== expectedToken
          ? { ok: false, error: "invalid_auth" }
          : { ok: true, ...handler(args) };
    response
      .writeHead(200, {
        "content-type": "application/json",
        ...(method === "auth.test"
          ? { "x-oauth-scopes": "app_mentions:read,chat:write,im:history,files:read,channels:read" }
          : {}),
      })
      .end(JSON.stringify(answer));
  });
  const wss = new WebSocketServer({ server, path: "/socket" });
  wss.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => {
      sockets.delete(socket);
      connectedPromise = new Promise<void>((resolve) => {
        connected = resolve;
      });
    });
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as { envelope_id?: string };
      if (message.envelope_id) acks.get(message.envelope_id)?.();
    });
    socket.send(JSON.stringify({ type: "hello", num_connections: 1, connection_info: { app_id: "A1" } }));
    connected();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(fake, { apiUrl: `${origin}/api/`, origin });
  return fake;
}

/** An `app_mention` Events API body. */
export function mentionEvent(options: {
  eventId: string;
  channel: string;
  text: string;
  ts?: string;
  threadTs?: string;
  user?: string;
  files?: { name: string; url_private_download: string }[];
}): object {
  const ts = options.ts ?? `${tsCounter++}.000200`;
  return {
    token: "verification",
    team_id: "T1",
    api_app_id: "A1",
    type: "event_callback",
    event_id: options.eventId,
    event_time: Math.floor(Date.now() / 1000),
    authorizations: [{ team_id: "T1", user_id: "UBOT", is_bot: true }],
    event: {
      type: "app_mention",
      user: options.user ?? "UHUMAN",
      text: options.text,
      ts,
      channel: options.channel,
      event_ts: ts,
      ...(options.threadTs ? { thread_ts: options.threadTs } : {}),
      ...(options.files ? { files: options.files } : {}),
    },
  };
}
