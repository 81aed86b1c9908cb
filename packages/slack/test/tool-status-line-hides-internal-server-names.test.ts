import { describe, expect, test } from "vitest";
import { toolStatusLine } from "../src/slack-reply.js";

describe("the tool status line people see in a Slack thread", () => {
  test("never names the host's own servers: AskUser says it waits for an answer, other own tools show alone", () => {
    expect(toolStatusLine("mcp__mono-agent-adapter-send__AskUser")).toBe("Waiting for an answer…");
    expect(toolStatusLine("mcp__mono-agent-memory-write__Remember")).toBe("Using Remember…");
    expect(toolStatusLine("mcp__mono-agent-adapter-send__SlackSendMessage")).not.toContain("mono-agent");
  });

  test("names a configured server's tool and a built-in tool as before", () => {
    expect(toolStatusLine("mcp__github__search_issues")).toBe("Using github · search_issues…");
    expect(toolStatusLine("Read")).toBe("Using Read…");
  });
});
