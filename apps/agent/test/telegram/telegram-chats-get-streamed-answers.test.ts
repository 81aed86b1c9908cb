import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { contextServer, lastToolResult, stepAfter } from "../fixtures/mcp-env/context-kit.js";
import {
  GROUP_CHAT,
  OTHER_CHAT,
  PRIVATE_CHAT,
  startTelegramHarness,
  type TelegramHarness,
  waitFor,
} from "./telegram-kit.js";

let harness: TelegramHarness;
beforeAll(async () => {
  harness = await startTelegramHarness({
    config: {
      tools: {
        mcpStartupGraceMs: 30_000,
        mcpRequestContextServers: ["ctx"],
        mcpServers: { ctx: contextServer([]) },
      },
    },
  });
});
afterAll(() => harness?.close());

const LONG_ANSWER = Array.from(
  { length: 40 },
  (_, index) => `Point **${index}** of <the> answer & more.`,
).join(" ");
const mention = (text: string) => ({
  entities: [{ type: "mention", offset: 0, length: "@mono_test_bot".length }],
  text,
});

describe("Telegram through the app (long polling, scripted model)", () => {
  test("a private message gets a streamed answer: drafts while it is written, then one HTML message", async () => {
    harness.script([fauxAssistantMessage(LONG_ANSWER)]);
    harness.say(PRIVATE_CHAT, "explain");
    const [answer] = await waitFor(() => {
      const found = harness.fake.chat(PRIVATE_CHAT);
      return found.at(-1)?.text.includes("Point <b>39</b> of &lt;the&gt; answer &amp; more.")
        ? found
        : undefined;
    }, "the answer");
    expect(answer?.parse_mode).toBe("HTML");
    expect(answer?.text).not.toContain("**");
    const drafts = harness.fake.drafts.filter((draft) => draft.chat_id === String(PRIVATE_CHAT));
    expect(drafts.length).toBeGreaterThan(1);
    expect(new Set(drafts.map((draft) => draft.draft_id)).size).toBe(1);
    expect(harness.fake.chat(PRIVATE_CHAT)).toHaveLength(1);
  });

  test("in a group, a message without a mention or reply gets nothing; a mention gets an answer that replies to it, edited in place", async () => {
    const runs = harness.faux.state.callCount;
    harness.say(GROUP_CHAT, "just chatting among ourselves");
    harness.script([fauxAssistantMessage(LONG_ANSWER)]);
    const asked = harness.say(GROUP_CHAT, "@mono_test_bot explain", mention("@mono_test_bot explain"));
    const answer = await waitFor(() => {
      const found = harness.fake.chat(GROUP_CHAT).at(-1);
      return found?.text.includes("Point <b>39</b>") ? found : undefined;
    }, "the group answer");
    expect(harness.faux.state.callCount).toBe(runs + 1);
    expect(harness.fake.chat(GROUP_CHAT)).toHaveLength(1);
    expect(answer.reply_to).toBe((asked.message as { message_id: number }).message_id);
    expect(answer.versions.length).toBeGreaterThan(1);
    expect(harness.fake.drafts.some((draft) => draft.chat_id === String(GROUP_CHAT))).toBe(false);
  });

  test("a chat outside the allowlist gets nothing and starts no run", async () => {
    const runs = harness.faux.state.callCount;
    harness.say(OTHER_CHAT, "hello?");
    // A later allowed message is answered: by then the refused one would have been too.
    harness.script([fauxAssistantMessage("after")]);
    harness.say(PRIVATE_CHAT, "next");
    await waitFor(
      () => (harness.fake.chat(PRIVATE_CHAT).at(-1)?.text === "after" ? true : undefined),
      "the next answer",
    );
    expect(harness.faux.state.callCount).toBe(runs + 1);
    expect(harness.fake.chat(OTHER_CHAT)).toHaveLength(0);
  });

  test("a long answer is split into messages of at most 4096 characters, in order, nothing lost", async () => {
    const paragraphs = Array.from(
      { length: 60 },
      (_, index) => `Paragraph ${index}: ${"lorem ipsum ".repeat(6).trim()}.`,
    );
    harness.script([fauxAssistantMessage(paragraphs.join("\n\n"))]);
    harness.say(PRIVATE_CHAT, "long");
    const parts = await waitFor(() => {
      const found = harness.fake.chat(PRIVATE_CHAT).filter((message) => message.text.startsWith("Paragraph"));
      return found
        .at(-1)
        ?.text.endsWith(
          "Paragraph 59: lorem ipsum lorem ipsum lorem ipsum lorem ipsum lorem ipsum lorem ipsum.",
        )
        ? found
        : undefined;
    }, "the long answer");
    expect(parts.length).toBeGreaterThan(1);
    expect(parts.every((message) => message.text.length <= 4096)).toBe(true);
    expect(parts.map((message) => message.text).join("\n\n")).toBe(paragraphs.join("\n\n"));
  });

  test("a document and a photo the user sends are staged as the run's attachments", async () => {
    const documentId = harness.fake.addFile("notes.txt", new TextEncoder().encode("quarterly numbers: 42"));
    const photoId = harness.fake.addFile("photo.jpg", new TextEncoder().encode("JPEGDATA"));
    let seen = "";
    harness.script([
      fauxAssistantMessage(fauxToolCall("mcp__ctx__attachments", {}), { stopReason: "toolUse" }),
      stepAfter((context) => {
        seen = lastToolResult(context);
      }, fauxAssistantMessage("read them")),
    ]);
    harness.fake.push(
      harness.fake.message({
        chatId: PRIVATE_CHAT,
        caption: "read my notes",
        document: { file_id: documentId, file_unique_id: "u1", file_name: "notes.txt", file_size: 21 },
      }),
    );
    await waitFor(
      () => (harness.fake.chat(PRIVATE_CHAT).at(-1)?.text === "read them" ? true : undefined),
      "the answer",
    );
    expect(seen).toContain("quarterly numbers: 42");
    harness.script([
      fauxAssistantMessage(fauxToolCall("mcp__ctx__attachments", {}), { stopReason: "toolUse" }),
      stepAfter((context) => {
        seen = lastToolResult(context);
      }, fauxAssistantMessage("saw it")),
    ]);
    harness.fake.push(
      harness.fake.message({
        chatId: PRIVATE_CHAT,
        photo: [
          { file_id: "small", file_unique_id: "s", width: 90, height: 90 },
          { file_id: photoId, file_unique_id: "p", width: 800, height: 800, file_size: 8 },
        ],
      }),
    );
    await waitFor(
      () => (harness.fake.chat(PRIVATE_CHAT).at(-1)?.text === "saw it" ? true : undefined),
      "the photo answer",
    );
    expect(seen).toContain("JPEGDATA");
  });
});
