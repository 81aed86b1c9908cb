import { describe, expect, it } from "vitest";
import { createToolPolicy, findUnknownToolNames, type ToolNameFinding } from "../src/index.js";

function findingsFor(allowedTools: string[]): Omit<ToolNameFinding, "list" | "name">[] {
  return findUnknownToolNames(createToolPolicy({ allowedTools })).map(
    ({ list: _list, name: _name, ...rest }) => rest,
  );
}

describe("findUnknownToolNames", () => {
  it.each([
    ["a wrong case gets the canonical name", "read", { finding: "unknown", suggestion: "Read" }],
    ["a typo gets the closest name", "WebFecth", { finding: "unknown", suggestion: "WebFetch" }],
    [
      "memory_journal is not an alias but hints MemoryJournal",
      "memory_journal",
      { finding: "unknown", suggestion: "MemoryJournal" },
    ],
    ["a far-off name gets no suggestion", "Teleport", { finding: "unknown" }],
    [
      "run_history is a deprecated alias for RunHistory",
      "run_history",
      { finding: "deprecated_alias", deprecatedAliasFor: "RunHistory" },
    ],
    [
      "telegram_send_photo is a deprecated alias for TelegramSendFile",
      "telegram_send_photo",
      { finding: "deprecated_alias", deprecatedAliasFor: "TelegramSendFile" },
    ],
    ["MemoryRecall is not gated", "MemoryRecall", { finding: "not_gated" }],
    [
      "memory_recall is recognised as MemoryRecall's legacy name",
      "memory_recall",
      { finding: "not_gated", deprecatedAliasFor: "MemoryRecall" },
    ],
    ["AskCollaborator is not gated", "AskCollaborator", { finding: "not_gated" }],
    [
      "an external mcp__ name cannot be checked offline",
      "mcp__filesystem__read_file",
      { finding: "external", external: true, serverName: "filesystem" },
    ],
    [
      "an external server wildcard is external",
      "mcp__github__*",
      { finding: "external", external: true, serverName: "github" },
    ],
    [
      "an app-owned server with a wrong tool part is unknown",
      "mcp__mono-agent-run-history__runhistory",
      { finding: "unknown", suggestion: "mcp__mono-agent-run-history__RunHistory" },
    ],
    [
      "a near-miss app-owned server is unknown, not external",
      "mcp__mono-agent-run-histroy__*",
      { finding: "unknown", suggestion: "mcp__mono-agent-run-history__*" },
    ],
  ])("%s", (_rule, name, expected) => {
    expect(findingsFor([name])).toEqual([expected]);
  });

  it("reports nothing for *, canonical names and accepted mcp__ spellings", () => {
    expect(
      findingsFor([
        "*",
        "Read",
        "RunHistory",
        "mcp__mono-agent-memory-journal__*",
        "mcp__mono-agent-memory-write__Remember",
      ]),
    ).toEqual([]);
  });

  it("names the list each finding comes from", () => {
    const policy = createToolPolicy({ allowedTools: ["reed"], disallowedTools: ["bash"] });
    expect(findUnknownToolNames(policy)).toEqual([
      { list: "allowedTools", name: "reed", finding: "unknown", suggestion: "Read" },
      { list: "disallowedTools", name: "bash", finding: "unknown", suggestion: "Bash" },
    ]);
  });
});
