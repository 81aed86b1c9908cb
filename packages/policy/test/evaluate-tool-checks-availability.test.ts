import { describe, expect, it } from "vitest";
import {
  createToolPolicy,
  evaluateTool,
  type ToolAvailabilityContext,
  type ToolPolicyInput,
  type WithheldReason,
} from "../src/index.js";
import { everythingAvailable, withMemory } from "./fixtures/contexts.js";

type Expected = "offered" | WithheldReason;
const allowAll: ToolPolicyInput = {};

/** [rule shown, policy, context, canonical tool, expected decision or withheld reason] */
const rows: [string, ToolPolicyInput, ToolAvailabilityContext | undefined, string, Expected][] = [
  [
    "MemoryRecall offered when memory is configured and recall enabled",
    allowAll,
    everythingAvailable,
    "MemoryRecall",
    "offered",
  ],
  [
    "MemoryRecall off when memory.recallTool.enabled is false",
    allowAll,
    withMemory({ recallEnabled: false }),
    "MemoryRecall",
    "disabled_by_switch",
  ],
  [
    "MemoryRecall off without a memory block",
    allowAll,
    withMemory({ configured: false }),
    "MemoryRecall",
    "disabled_by_switch",
  ],
  [
    "MemoryRecall off when the host gives no memory facts",
    allowAll,
    {},
    "MemoryRecall",
    "disabled_by_switch",
  ],
  [
    "MemoryJournal needs recall enablement",
    allowAll,
    withMemory({ recallEnabled: false }),
    "MemoryJournal",
    "disabled_by_switch",
  ],
  [
    "MemoryJournal needs a local browse capability",
    allowAll,
    withMemory({ supportsJournalBrowse: false }),
    "MemoryJournal",
    "unavailable",
  ],
  [
    "MemoryJournal: policy refusal is reported before the missing capability",
    { allowedTools: ["Read"] },
    withMemory({ supportsJournalBrowse: false }),
    "MemoryJournal",
    "not_allowed",
  ],
  [
    "Remember needs a memory block",
    allowAll,
    withMemory({ configured: false }),
    "Remember",
    "disabled_by_switch",
  ],
  [
    "Remember off when memory.rememberTool.enabled is false",
    allowAll,
    withMemory({ rememberEnabled: false }),
    "Remember",
    "disabled_by_switch",
  ],
  [
    "Remember on when memory.rememberTool.enabled is omitted",
    allowAll,
    withMemory({ rememberEnabled: undefined }),
    "Remember",
    "offered",
  ],
  [
    "Remember needs a store that accepts writes (Supermemory does not)",
    allowAll,
    withMemory({ supportsRemember: false }),
    "Remember",
    "unavailable",
  ],
  [
    "Remember withheld for a read-only store",
    allowAll,
    withMemory({ readOnly: true }),
    "Remember",
    "unavailable",
  ],
  [
    "Remember does not need recall enabled",
    allowAll,
    withMemory({ recallEnabled: false }),
    "Remember",
    "offered",
  ],
  [
    "Remember: deny is reported before the switch",
    { disallowedTools: ["Remember"] },
    withMemory({ rememberEnabled: false }),
    "Remember",
    "denied",
  ],
  [
    "Remember: not_allowed is reported before an unsupported store",
    { allowedTools: [] },
    withMemory({ supportsRemember: false }),
    "Remember",
    "not_allowed",
  ],
  [
    "SetConversationTitle needs a writable web title",
    allowAll,
    { ...everythingAvailable, conversation: { titleWritable: false } },
    "SetConversationTitle",
    "unavailable",
  ],
  [
    "SetConversationTitle withheld off web routes (no conversation facts)",
    allowAll,
    {},
    "SetConversationTitle",
    "unavailable",
  ],
  [
    "SetConversationTitle: deny is reported before a read-only title",
    { disallowedTools: ["SetConversationTitle"] },
    {},
    "SetConversationTitle",
    "denied",
  ],
  [
    "SlackSendMessage needs slack config",
    allowAll,
    { adapters: { telegram: true } },
    "SlackSendMessage",
    "disabled_by_switch",
  ],
  [
    "TelegramSendMessage needs telegram config",
    allowAll,
    { adapters: { slack: true } },
    "TelegramSendMessage",
    "disabled_by_switch",
  ],
  [
    "TelegramSendFile offered with telegram config",
    allowAll,
    { adapters: { telegram: true } },
    "TelegramSendFile",
    "offered",
  ],
  ["AskUser follows any configured adapter", allowAll, { adapters: { slack: true } }, "AskUser", "offered"],
  ["AskUser withheld with no adapter", allowAll, {}, "AskUser", "disabled_by_switch"],
  [
    "AskUser follows an explicit askUser fact",
    allowAll,
    { adapters: { slack: true, askUser: false } },
    "AskUser",
    "disabled_by_switch",
  ],
  [
    "adapter tools: policy refusal is reported before missing config",
    { allowedTools: ["Read"] },
    {},
    "SlackSendMessage",
    "not_allowed",
  ],
  ["AskCollaborator unavailable unless composed", allowAll, {}, "AskCollaborator", "unavailable"],
  [
    "AskCollaborator offered when composed",
    { allowedTools: [] },
    { collaborator: { composed: true } },
    "AskCollaborator",
    "offered",
  ],
  [
    "a host-supplied reason withholds a built-in as unavailable",
    allowAll,
    { unavailable: { NodeRepl: "node is not on PATH" } },
    "NodeRepl",
    "unavailable",
  ],
  [
    "a host-supplied reason does not override a policy refusal",
    { disallowedTools: ["NodeRepl"] },
    { unavailable: { NodeRepl: "x" } },
    "NodeRepl",
    "denied",
  ],
  ["built-ins need no context", allowAll, undefined, "Read", "offered"],
];

describe("evaluateTool checks availability after the policy", () => {
  it.each(rows)("%s", (_rule, input, context, tool, expected) => {
    const decision = evaluateTool(createToolPolicy(input), tool, context);
    expect(decision.decision === "offered" ? "offered" : decision.reason).toBe(expected);
    if (decision.decision === "withheld") expect(decision.detail.length).toBeGreaterThan(0);
  });

  it("passes the host's reason through as the detail", () => {
    const decision = evaluateTool(createToolPolicy(), "NodeRepl", {
      unavailable: { NodeRepl: "node is not on PATH" },
    });
    expect(decision).toEqual({
      name: "NodeRepl",
      kind: "builtin",
      decision: "withheld",
      reason: "unavailable",
      detail: "node is not on PATH",
    });
  });

  it("says MemoryRecall is governed by memory.recallTool.enabled, not the policy", () => {
    const decision = evaluateTool(
      createToolPolicy({ allowedTools: [] }),
      "MemoryRecall",
      everythingAvailable,
    );
    expect(decision).toMatchObject({ decision: "offered", kind: "switch" });
    expect(decision.decision === "offered" && decision.detail).toContain("memory.recallTool.enabled");
  });
});
