import { describe, expect, test } from "vitest";
import { runsOfConversationQuery } from "../src/index.js";

describe("runsOfConversationQuery", () => {
  test("an id naming a daily bucket matches that bucket only", () => {
    expect(runsOfConversationQuery("cli:a#2026-07-11")).toEqual({ conversationId: "cli:a#2026-07-11" });
  });

  test("any other id matches every bucket of its logical conversation", () => {
    expect(runsOfConversationQuery("cli:a")).toEqual({ logicalConversationId: "cli:a" });
    expect(runsOfConversationQuery("slack:T1/C2")).toEqual({ logicalConversationId: "slack:T1/C2" });
  });
});
