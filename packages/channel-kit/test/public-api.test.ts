import { join } from "node:path";
import { exportedNames } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
import * as root from "../src/index.js";
import * as postgres from "../src/postgres.js";
import * as sqlite from "../src/sqlite.js";

const sourceDir = join(import.meta.dirname, "..", "src");

// Adding a name here is an API decision: export what another package or a documented host uses; keep
// limits and helpers internal (tests import them from ../src/<file>.js).
describe("public API", () => {
  test("the root entry", () => {
    expect(Object.keys(root).sort()).toMatchInlineSnapshot(`
      [
        "ATTACHMENT_MAX_BYTES",
        "ChannelError",
        "IDEMPOTENCY_KEY_FORM",
        "INBOX_MAX_QUEUED_PER_CONVERSATION",
        "adapterSendIdempotencyKey",
        "channelConversationId",
        "createChannelInbox",
        "createMemoryEventDedupeStore",
        "createRateBudget",
        "createReplyStreamWriter",
        "fetchAttachment",
        "parseAdapterSendIdempotencyKey",
        "splitMessageText",
      ]
    `);
    expect(exportedNames(join(sourceDir, "index.ts"))).toMatchInlineSnapshot(`
      [
        "ATTACHMENT_MAX_BYTES",
        "ChannelApp",
        "ChannelAttachment",
        "ChannelCheckLine",
        "ChannelError",
        "ChannelErrorCode",
        "ChannelHost",
        "ChannelInbox",
        "ChannelInboxOptions",
        "ChannelPerson",
        "ChannelRunEvent",
        "ChannelRunRequest",
        "ChannelRunResult",
        "ChannelSessionOptions",
        "DeliveryHistory",
        "DeliveryHistoryEntry",
        "EventDedupeStore",
        "FetchAttachmentOptions",
        "IDEMPOTENCY_KEY_FORM",
        "INBOX_MAX_QUEUED_PER_CONVERSATION",
        "InboundMessage",
        "InboundReply",
        "InboxDecision",
        "PlatformReceipt",
        "RateBudget",
        "RateBudgetOptions",
        "ReplyStreamWriter",
        "ReplyStreamWriterOptions",
        "ReplyTarget",
        "SendPriority",
        "adapterSendIdempotencyKey",
        "channelConversationId",
        "createChannelInbox",
        "createMemoryEventDedupeStore",
        "createRateBudget",
        "createReplyStreamWriter",
        "fetchAttachment",
        "parseAdapterSendIdempotencyKey",
        "splitMessageText",
      ]
    `);
  });
  test("./postgres", () => {
    expect(Object.keys(postgres).sort()).toMatchInlineSnapshot(`
      [
        "CHANNEL_EVENT_POSTGRES_MIGRATIONS",
        "createPostgresEventDedupeStore",
      ]
    `);
    expect(exportedNames(join(sourceDir, "postgres.ts"))).toMatchInlineSnapshot(`
      [
        "CHANNEL_EVENT_POSTGRES_MIGRATIONS",
        "PostgresEventDedupeStoreOptions",
        "createPostgresEventDedupeStore",
      ]
    `);
  });
  test("./sqlite", () => {
    expect(Object.keys(sqlite).sort()).toMatchInlineSnapshot(`
      [
        "EVENT_DEDUPE_RETENTION_MS",
        "createSqliteEventDedupeStore",
      ]
    `);
    expect(exportedNames(join(sourceDir, "sqlite.ts"))).toMatchInlineSnapshot(`
      [
        "EVENT_DEDUPE_RETENTION_MS",
        "SqliteEventDedupeStoreOptions",
        "createSqliteEventDedupeStore",
      ]
    `);
  });
});
