import { linkSync, mkdirSync, mkdtempSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createRateBudget, type DeliveryHistoryEntry } from "@mono-agent/channel-kit";
import { Api } from "grammy";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { TELEGRAM_SEND_FILE_MAX_BYTES } from "../src/telegram-limits.js";
import {
  createTelegramSendServer,
  TELEGRAM_PATH_REFUSED,
  type TelegramSendServerOptions,
} from "../src/telegram-send-server.js";
import { type FakeTelegram, startFakeTelegram } from "./fake-telegram.js";

const CHAT = 4242;
let fake: FakeTelegram;
let workspace: string;
let root: string;
let runDir: string;
let outside: string;
const history: DeliveryHistoryEntry[] = [];

beforeAll(async () => {
  fake = await startFakeTelegram();
  workspace = mkdtempSync(join(tmpdir(), "telegram-send-"));
  root = join(workspace, ".mono-agent", "artifacts", "outbound");
  runDir = join(root, "run-1");
  mkdirSync(runDir, { recursive: true, mode: 0o700 });
  outside = join(workspace, "secret.txt");
  writeFileSync(outside, "the secret");
});
afterAll(() => fake?.close());
beforeEach(() => {
  history.length = 0;
});

async function connect(overrides: Partial<TelegramSendServerOptions> = {}) {
  const server = createTelegramSendServer({
    serverName: "mono-agent-adapter-send",
    api: new Api(fake.token, { apiRoot: fake.apiRoot }),
    allowlist: { allowedChatIds: [String(CHAT)], allowAllChats: false },
    budget: createRateBudget({ capacity: 100, reserved: 10, windowMs: 60_000 }),
    scope: "producing-conversation",
    pathScope: "run-output",
    tools: { message: true, file: true },
    deliveryHistory: {
      async append(entry) {
        history.push(entry);
        return "recorded";
      },
    },
    producingConversationId: `telegram:${CHAT}`,
    runOutput: { root, runId: "run-1" },
    workspace,
    ...overrides,
  });
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  return client;
}

const textOf = (result: unknown) =>
  ((result as { content: { text: string }[] }).content[0]?.text ?? "") as string;

async function sendFile(args: Record<string, unknown>, overrides: Partial<TelegramSendServerOptions> = {}) {
  const client = await connect(overrides);
  try {
    return await client.callTool({ name: "TelegramSendFile", arguments: { kind: "document", ...args } });
  } finally {
    await client.close();
  }
}

describe("TelegramSendFile", () => {
  test("a file of the run's output directory is uploaded (relative or absolute path), and the send is in the chat's history once", async () => {
    writeFileSync(join(runDir, "report.csv"), "a,b\n1,2\n");
    const uploadsBefore = fake.uploads.length;
    const result = await sendFile({
      path: ".mono-agent/artifacts/outbound/run-1/report.csv",
      caption: "**Q3** numbers",
    });
    expect(result.isError).toBeFalsy();
    const upload = fake.uploads.at(-1);
    expect(fake.uploads.length).toBe(uploadsBefore + 1);
    expect(upload).toMatchObject({
      method: "sendDocument",
      chat_id: String(CHAT),
      filename: "report.csv",
      caption: "<b>Q3</b> numbers",
    });
    expect(new TextDecoder().decode(upload?.bytes)).toBe("a,b\n1,2\n");
    expect(history).toEqual([
      {
        conversationId: `telegram:${CHAT}`,
        text: "[document: report.csv] **Q3** numbers",
        idempotencyKey: `adapter-send:telegram:${CHAT}:${upload?.message_id}`,
      },
    ]);
    const absolute = await sendFile({ kind: "photo", path: join(runDir, "report.csv") });
    expect(absolute.isError).toBeFalsy();
    expect(fake.uploads.at(-1)?.method).toBe("sendPhoto");
  });

  test("base64 data with a filename is uploaded; data over 20 MB is refused and nothing is uploaded", async () => {
    const result = await sendFile({ data: Buffer.from("hello").toString("base64"), filename: "hello.txt" });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect(new TextDecoder().decode(fake.uploads.at(-1)?.bytes)).toBe("hello");
    const uploadsBefore = fake.uploads.length;
    const big = Buffer.alloc(TELEGRAM_SEND_FILE_MAX_BYTES + 3).toString("base64");
    const refused = await sendFile({ data: big, filename: "big.bin" });
    expect(refused.isError).toBe(true);
    expect(fake.uploads.length).toBe(uploadsBefore);
  });

  test("outside the directory, through a symlink, a hard link, a subfolder, a file swapped after the check, or 20 MB + 1: the same error, nothing uploaded", async () => {
    writeFileSync(join(runDir, "ok.txt"), "fine");
    symlinkSync(outside, join(runDir, "link.txt"));
    linkSync(outside, join(runDir, "hard.txt"));
    mkdirSync(join(runDir, "sub"));
    writeFileSync(join(runDir, "sub", "nested.txt"), "nested");
    writeFileSync(join(runDir, "big.bin"), Buffer.alloc(TELEGRAM_SEND_FILE_MAX_BYTES + 1));
    mkdirSync(join(root, "run-2"), { recursive: true });
    writeFileSync(join(root, "run-2", "other.txt"), "another run's file");
    const uploadsBefore = fake.uploads.length;
    const attempts: [string, Partial<TelegramSendServerOptions>?][] = [
      ["secret.txt"],
      [outside],
      ["/etc/passwd"],
      [".mono-agent/artifacts/outbound/run-1/../../../../secret.txt"],
      [".mono-agent/artifacts/outbound/run-2/other.txt"],
      [".mono-agent/artifacts/outbound/run-1/link.txt"],
      [".mono-agent/artifacts/outbound/run-1/hard.txt"],
      [".mono-agent/artifacts/outbound/run-1/sub/nested.txt"],
      [".mono-agent/artifacts/outbound/run-1"],
      [".mono-agent/artifacts/outbound/run-1/missing.txt"],
      [".mono-agent/artifacts/outbound/run-1/big.bin"],
      // The checked file is replaced by a symlink to the secret between the check and the open.
      [
        ".mono-agent/artifacts/outbound/run-1/ok.txt",
        {
          afterPathCheck: async () => {
            renameSync(join(runDir, "ok.txt"), join(runDir, "ok.old"));
            symlinkSync(outside, join(runDir, "ok.txt"));
          },
        },
      ],
    ];
    const texts: string[] = [];
    for (const [path, overrides] of attempts) {
      const result = await sendFile({ path }, overrides);
      expect(result.isError, path).toBe(true);
      texts.push(textOf(result));
    }
    expect(new Set(texts)).toEqual(new Set([TELEGRAM_PATH_REFUSED]));
    expect(fake.uploads.length).toBe(uploadsBefore);
    expect(history).toEqual([]);
  });

  test("the run directory swapped for a symlink after the check is refused too", async () => {
    const swapRoot = join(workspace, "swap", "outbound");
    mkdirSync(join(swapRoot, "run-9"), { recursive: true });
    writeFileSync(join(swapRoot, "run-9", "f.txt"), "mine");
    const elsewhere = join(workspace, "elsewhere");
    mkdirSync(elsewhere);
    writeFileSync(join(elsewhere, "f.txt"), "not mine");
    const uploadsBefore = fake.uploads.length;
    const result = await sendFile(
      { path: join(swapRoot, "run-9", "f.txt") },
      {
        runOutput: { root: swapRoot, runId: "run-9" },
        afterPathCheck: async () => {
          renameSync(join(swapRoot, "run-9"), join(swapRoot, "run-9.old"));
          symlinkSync(elsewhere, join(swapRoot, "run-9"));
        },
      },
    );
    expect(textOf(result)).toBe(TELEGRAM_PATH_REFUSED);
    expect(fake.uploads.length).toBe(uploadsBefore);
  });

  test('with pathScope "none" a path is refused the same way; another chat than the run\'s is refused under scope producing-conversation', async () => {
    writeFileSync(join(runDir, "fine.txt"), "fine");
    const uploadsBefore = fake.uploads.length;
    const none = await sendFile({ path: join(runDir, "fine.txt") }, { pathScope: "none" });
    expect(textOf(none)).toBe(TELEGRAM_PATH_REFUSED);
    const elsewhere = await sendFile({ path: join(runDir, "fine.txt"), chat_id: "5555" });
    expect(textOf(elsewhere)).toContain('scope is "producing-conversation"');
    expect(fake.uploads.length).toBe(uploadsBefore);
  });
});

describe("TelegramSendMessage", () => {
  test("sends Markdown as HTML with 2-8 reply options as buttons, returns at once, and records the send once", async () => {
    const client = await connect();
    try {
      const result = await client.callTool({
        name: "TelegramSendMessage",
        arguments: { text: "Pick **one**", reply_options: ["Red", "Blue"] },
      });
      expect(result.isError).toBeFalsy();
      const sent = fake.chat(CHAT).at(-1);
      expect(sent?.text).toBe("Pick <b>one</b>");
      expect(sent?.reply_markup?.inline_keyboard.flat().map((button) => button.text)).toEqual([
        "Red",
        "Blue",
      ]);
      expect(history.map((entry) => entry.idempotencyKey)).toEqual([
        `adapter-send:telegram:${CHAT}:${sent?.message_id}`,
      ]);
      const one = await client.callTool({
        name: "TelegramSendMessage",
        arguments: { text: "x", reply_options: ["only"] },
      });
      expect(one.isError).toBe(true);
      const nine = await client.callTool({
        name: "TelegramSendMessage",
        arguments: { text: "x", reply_options: ["1", "2", "3", "4", "5", "6", "7", "8", "9"] },
      });
      expect(nine.isError).toBe(true);
      const notAllowed = await client.callTool({
        name: "TelegramSendMessage",
        arguments: { text: "x", chat_id: "5555" },
      });
      expect(textOf(notAllowed)).toContain("not this conversation's chat");
    } finally {
      await client.close();
    }
  });

  test('with scope "allowlisted-chats", any allowlisted chat is reachable and others are refused', async () => {
    const client = await connect({ scope: "allowlisted-chats", producingConversationId: "web:thread-1" });
    try {
      const ok = await client.callTool({
        name: "TelegramSendMessage",
        arguments: { text: "hi", chat_id: String(CHAT) },
      });
      expect(ok.isError).toBeFalsy();
      expect(history.at(-1)?.conversationId).toBe(`telegram:${CHAT}`);
      const refused = await client.callTool({
        name: "TelegramSendMessage",
        arguments: { text: "hi", chat_id: "5555" },
      });
      expect(textOf(refused)).toContain("not in telegram.allowedChatIds");
      const missing = await client.callTool({ name: "TelegramSendMessage", arguments: { text: "hi" } });
      expect(textOf(missing)).toContain("chat_id is required");
    } finally {
      await client.close();
    }
  });
});
