import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

/** A message the fake keeps, with every text it had (`versions`) and its inline keyboard. */
export interface FakeMessage {
  chat_id: string;
  message_id: number;
  text: string;
  parse_mode?: string;
  reply_markup?: { inline_keyboard: { text: string; callback_data?: string }[][] };
  reply_to?: number;
  versions: string[];
}

/** A file a bot uploaded (sendDocument, sendPhoto). */
export interface FakeUpload {
  method: string;
  chat_id: string;
  filename: string;
  bytes: Uint8Array;
  caption?: string;
  message_id: number;
}

const ALLOWED_TAGS = new Set([
  "b",
  "strong",
  "i",
  "em",
  "u",
  "ins",
  "s",
  "strike",
  "del",
  "code",
  "pre",
  "a",
  "blockquote",
  "tg-spoiler",
  "span",
]);

/** Checks Telegram HTML as the Bot API does (allowed tags, balanced, entities); returns the visible text or an error. */
export function parseTelegramHtml(html: string): { text: string } | { error: string } {
  const stack: string[] = [];
  let text = "";
  const pattern = /<(\/?)([a-z-]+)((?:\s[^>]*)?)>|&(lt|gt|amp|quot|#\d+);|[<>&]|[^<>&]+/gy;
  for (const match of html.matchAll(pattern)) {
    const [whole, closing, tag, , entity] = match;
    if (tag !== undefined) {
      if (!ALLOWED_TAGS.has(tag))
        return { error: `Bad Request: can't parse entities: Unsupported start tag "${tag}"` };
      if (closing) {
        if (stack.pop() !== tag)
          return { error: `Bad Request: can't parse entities: Unexpected end tag "${tag}"` };
      } else stack.push(tag);
    } else if (entity !== undefined)
      text +=
        entity === "lt"
          ? "<"
          : entity === "gt"
            ? ">"
            : entity === "amp"
              ? "&"
              : entity === "quot"
                ? '"'
                : "?";
    else if (whole === "<" || whole === ">" || whole === "&")
      return { error: "Bad Request: can't parse entities: unescaped character" };
    else text += whole;
  }
  if (stack.length > 0)
    return {
      error: `Bad Request: can't parse entities: Can't find end tag corresponding to start tag "${stack.at(-1)}"`,
    };
  return { text };
}

/** The fields of a multipart/form-data body (grammY's uploads; undici's own parser refuses its framing). */
function parseMultipart(body: Uint8Array, contentType: string): Map<string, string | File> {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType)?.[2];
  const fields = new Map<string, string | File>();
  if (!boundary) return fields;
  const raw = Buffer.from(body);
  const delimiter = Buffer.from(`--${boundary}`);
  let at = raw.indexOf(delimiter);
  while (at !== -1) {
    const start = at + delimiter.length;
    if (raw.subarray(start, start + 2).toString() === "--") break;
    const next = raw.indexOf(delimiter, start);
    if (next === -1) break;
    const part = raw.subarray(start + 2, next - 2);
    const split = part.indexOf("\r\n\r\n");
    const headers = part.subarray(0, split).toString();
    const content = part.subarray(split + 4);
    const name = /[;\s]name="([^"]*)"/.exec(headers)?.[1];
    const filename = /filename="?([^"\r\n;]*)"?/.exec(headers)?.[1];
    if (name !== undefined)
      fields.set(name, filename !== undefined ? new File([content], filename) : content.toString());
    at = next;
  }
  return fields;
}

/**
 * A fake Telegram Bot API on 127.0.0.1, reached through grammY's `client.apiRoot`: keeps chats' messages
 * (with their edits), drafts, callback answers, uploads (multipart) and files to download; serves
 * `getUpdates` long polling from a queue of updates; checks HTML formatting and the 4096 limit; with
 * `rateLimitEvery = n`, every n-th call (long polls aside) answers 429 with `retry_after`.
 */
export async function startFakeTelegram() {
  const token = "123456789:AAFakeTokenForTestsOnly_abcdefghij";
  const bot = {
    id: 123456789,
    is_bot: true,
    first_name: "Mono",
    username: "mono_test_bot",
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
  };
  const messages: FakeMessage[] = [];
  const drafts: { chat_id: string; draft_id: number; text: string }[] = [];
  const callbackAnswers: { id: string; text?: string }[] = [];
  const uploads: FakeUpload[] = [];
  const calls: string[] = [];
  const files = new Map<string, { path: string; bytes: Uint8Array }>();
  const fileFetches: string[] = [];
  const updates: Record<string, unknown>[] = [];
  let nextUpdateId = 1000;
  let nextMessageId = 1;
  let counted = 0;
  let waiters: (() => void)[] = [];
  const state = {
    rateLimitEvery: 0,
    retryAfterSeconds: 1,
    rateLimited: 0,
    webhook: undefined as string | undefined,
  };

  const fail = (code: number, description: string, parameters?: object) => ({
    ok: false,
    error_code: code,
    description,
    ...(parameters ? { parameters } : {}),
  });
  const messageResult = (message: FakeMessage) => ({
    message_id: message.message_id,
    date: Math.floor(Date.now() / 1000),
    chat: { id: Number(message.chat_id), type: Number(message.chat_id) > 0 ? "private" : "group" },
    from: bot,
    text: message.text,
    ...(message.reply_markup ? { reply_markup: message.reply_markup } : {}),
  });
  const checked = (html: string, parseMode: unknown) => {
    if (parseMode !== "HTML") return { text: html };
    return parseTelegramHtml(html);
  };

  const methods: Record<string, (p: Record<string, unknown>) => Promise<object> | object> = {
    getMe: () => ({ ok: true, result: bot }),
    deleteWebhook: () => {
      state.webhook = undefined;
      return { ok: true, result: true };
    },
    setWebhook: (p) => {
      state.webhook = String(p.url);
      return { ok: true, result: true };
    },
    async getUpdates(p) {
      const offset = Number(p.offset ?? 0);
      while (updates.length > 0 && Number(updates[0]?.update_id) < offset) updates.shift();
      if (updates.length === 0 && Number(p.timeout ?? 0) > 0)
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Number(p.timeout) * 1000);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      while (updates.length > 0 && Number(updates[0]?.update_id) < offset) updates.shift();
      return { ok: true, result: updates.slice(0, Number(p.limit ?? 100)) };
    },
    sendMessage(p) {
      const parsed = checked(String(p.text ?? ""), p.parse_mode);
      if ("error" in parsed) return fail(400, parsed.error);
      if (parsed.text.length > 4096) return fail(400, "Bad Request: message is too long");
      if (parsed.text.trim() === "") return fail(400, "Bad Request: message text is empty");
      const reply = p.reply_parameters as { message_id?: number } | undefined;
      const message: FakeMessage = {
        chat_id: String(p.chat_id),
        message_id: nextMessageId++,
        text: String(p.text),
        ...(typeof p.parse_mode === "string" ? { parse_mode: p.parse_mode } : {}),
        ...(p.reply_markup ? { reply_markup: p.reply_markup as FakeMessage["reply_markup"] } : {}),
        ...(reply?.message_id !== undefined ? { reply_to: reply.message_id } : {}),
        versions: [String(p.text)],
      };
      messages.push(message);
      return { ok: true, result: messageResult(message) };
    },
    editMessageText(p) {
      const message = messages.find(
        (item) => item.chat_id === String(p.chat_id) && item.message_id === Number(p.message_id),
      );
      if (!message) return fail(400, "Bad Request: message to edit not found");
      const parsed = checked(String(p.text ?? ""), p.parse_mode);
      if ("error" in parsed) return fail(400, parsed.error);
      if (parsed.text.length > 4096) return fail(400, "Bad Request: message is too long");
      if (message.text === p.text && !p.reply_markup)
        return fail(400, "Bad Request: message is not modified");
      message.text = String(p.text);
      message.versions.push(message.text);
      if (p.reply_markup) message.reply_markup = p.reply_markup as FakeMessage["reply_markup"];
      else delete message.reply_markup;
      return { ok: true, result: messageResult(message) };
    },
    editMessageReplyMarkup(p) {
      const message = messages.find(
        (item) => item.chat_id === String(p.chat_id) && item.message_id === Number(p.message_id),
      );
      if (!message) return fail(400, "Bad Request: message to edit not found");
      message.reply_markup = p.reply_markup as FakeMessage["reply_markup"];
      return { ok: true, result: messageResult(message) };
    },
    sendMessageDraft(p) {
      if (Number(p.chat_id) <= 0) return fail(400, "Bad Request: drafts can be sent only to private chats");
      const parsed = checked(String(p.text ?? ""), p.parse_mode);
      if ("error" in parsed) return fail(400, parsed.error);
      drafts.push({ chat_id: String(p.chat_id), draft_id: Number(p.draft_id), text: String(p.text ?? "") });
      return { ok: true, result: true };
    },
    sendChatAction: () => ({ ok: true, result: true }),
    answerCallbackQuery(p) {
      callbackAnswers.push({ id: String(p.callback_query_id), ...(p.text ? { text: String(p.text) } : {}) });
      return { ok: true, result: true };
    },
    getFile(p) {
      const file = files.get(String(p.file_id));
      if (!file) return fail(400, "Bad Request: invalid file_id");
      return {
        ok: true,
        result: {
          file_id: p.file_id,
          file_unique_id: p.file_id,
          file_size: file.bytes.byteLength,
          file_path: file.path,
        },
      };
    },
    sendDocument: (p) => upload("sendDocument", "document", p),
    sendPhoto: (p) => upload("sendPhoto", "photo", p),
  };
  async function upload(method: string, field: string, p: Record<string, unknown>) {
    const file = p[field];
    if (!(file instanceof File)) return fail(400, `Bad Request: there is no ${field} in the request`);
    const message: FakeMessage = {
      chat_id: String(p.chat_id),
      message_id: nextMessageId++,
      text: "",
      versions: [],
    };
    messages.push(message);
    uploads.push({
      method,
      chat_id: String(p.chat_id),
      filename: file.name,
      bytes: new Uint8Array(await file.arrayBuffer()),
      ...(typeof p.caption === "string" ? { caption: p.caption } : {}),
      message_id: message.message_id,
    });
    return { ok: true, result: messageResult(message) };
  }

  const app = new Hono();
  app.get("/file/:bot/*", (c) => {
    if (c.req.param("bot") !== `bot${token}`) return c.text("Unauthorized", 401);
    const path = c.req.path.slice(`/file/bot${token}/`.length);
    const file = [...files.values()].find((item) => item.path === decodeURIComponent(path));
    fileFetches.push(path);
    return file ? c.body(file.bytes as never) : c.text("Not Found", 404);
  });
  app.all("/:bot/:method", async (c) => {
    const method = c.req.param("method");
    if (c.req.param("bot") !== `bot${token}`) return c.json(fail(401, "Unauthorized"), 401);
    const handler = methods[method];
    if (!handler) return c.json(fail(404, "Not Found: method not found"), 404);
    let params: Record<string, unknown> = {};
    const type = c.req.header("content-type") ?? "";
    if (type.includes("application/json")) params = await c.req.json();
    else if (type.includes("multipart/form-data")) {
      const form = parseMultipart(new Uint8Array(await c.req.arrayBuffer()), type);
      for (const [key, value] of form) {
        if (value instanceof File) continue;
        if (value.startsWith("attach://")) params[key] = form.get(value.slice("attach://".length));
        else {
          try {
            params[key] = /^[[{]/.test(value) ? JSON.parse(value) : value;
          } catch {
            params[key] = value;
          }
        }
      }
    }
    calls.push(method);
    if (method !== "getUpdates" && state.rateLimitEvery > 0 && ++counted % state.rateLimitEvery === 0) {
      state.rateLimited += 1;
      return c.json(
        fail(429, `Too Many Requests: retry after ${state.retryAfterSeconds}`, {
          retry_after: state.retryAfterSeconds,
        }),
        429,
      );
    }
    const result = (await handler(params)) as { ok: boolean; error_code?: number };
    return c.json(result, (result.ok ? 200 : result.error_code) as 200);
  });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const handle = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(handle));
  });
  const apiRoot = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const user = (id: number) => ({ id, is_bot: false, first_name: `User${id}`, username: `user${id}` });
  const chatOf = (chatId: number) =>
    chatId > 0
      ? { id: chatId, type: "private", first_name: `User${chatId}` }
      : { id: chatId, type: "group", title: "Team" };
  let nextInboundId = 100_000;

  return {
    token,
    bot,
    apiRoot,
    messages,
    drafts,
    callbackAnswers,
    uploads,
    calls,
    fileFetches,
    state,
    /** The messages the bot sent to a chat, in order. */
    chat: (chatId: number | string) => messages.filter((message) => message.chat_id === String(chatId)),
    /** Queues an update for getUpdates; resolves to it (with its update_id). */
    push<T extends Record<string, unknown>>(update: T): T & { update_id: number } {
      const full = { update_id: nextUpdateId++, ...update };
      updates.push(full);
      const pending = waiters;
      waiters = [];
      for (const wake of pending) wake();
      return full;
    },
    /** A message update from `fromId` in `chatId` (private when positive). */
    message(options: {
      chatId: number;
      fromId?: number;
      text?: string;
      entities?: object[];
      replyTo?: number;
      document?: object;
      photo?: object[];
      caption?: string;
    }) {
      return {
        message: {
          message_id: nextInboundId++,
          date: Math.floor(Date.now() / 1000),
          chat: chatOf(options.chatId),
          from: user(options.fromId ?? Math.abs(options.chatId)),
          ...(options.text !== undefined ? { text: options.text } : {}),
          ...(options.entities ? { entities: options.entities } : {}),
          ...(options.caption !== undefined ? { caption: options.caption } : {}),
          ...(options.document ? { document: options.document } : {}),
          ...(options.photo ? { photo: options.photo } : {}),
          ...(options.replyTo !== undefined
            ? {
                reply_to_message: {
                  message_id: options.replyTo,
                  date: 0,
                  chat: chatOf(options.chatId),
                  from: bot,
                  text: "",
                },
              }
            : {}),
        },
      };
    },
    /** A press of the button with `data` on the bot's message `messageId`. */
    press(options: { chatId: number; messageId: number; data: string; fromId?: number }) {
      const message = messages.find(
        (item) => item.chat_id === String(options.chatId) && item.message_id === options.messageId,
      );
      return {
        callback_query: {
          id: `cq-${nextInboundId++}`,
          from: user(options.fromId ?? Math.abs(options.chatId)),
          chat_instance: "ci",
          data: options.data,
          ...(message ? { message: messageResult(message) } : {}),
        },
      };
    },
    /** Makes a file downloadable through getFile; resolves to its file_id. */
    addFile(name: string, bytes: Uint8Array) {
      const fileId = `file-${files.size + 1}`;
      files.set(fileId, { path: `documents/${name}`, bytes });
      return fileId;
    },
    /** Posts an update to a webhook as Telegram does; resolves to the HTTP status. */
    async postWebhook(url: string, update: Record<string, unknown>, secret?: string) {
      const response = await fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          ...(secret !== undefined ? { "x-telegram-bot-api-secret-token": secret } : {}),
        },
        body: JSON.stringify({ update_id: nextUpdateId++, ...update }),
      });
      await response.body?.cancel();
      return response.status;
    },
    async close() {
      for (const wake of waiters.splice(0)) wake();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;
