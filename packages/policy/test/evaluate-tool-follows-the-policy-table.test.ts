import { describe, expect, it } from "vitest";
import { createToolPolicy, evaluateTool, type ToolPolicyInput, type WithheldReason } from "../src/index.js";
import { everythingAvailable } from "./fixtures/contexts.js";

type Expected = "offered" | WithheldReason;

/** [rule shown, policy, canonical tool, expected decision or withheld reason] */
const rows: [string, ToolPolicyInput, string, Expected][] = [
  ["allowedTools omitted allows every built-in", {}, "Bash", "offered"],
  ["allowedTools omitted allows app-owned tools", {}, "RunHistory", "offered"],
  ['allowedTools ["*"] allows every built-in', { allowedTools: ["*"] }, "WebFetch", "offered"],
  ['allowedTools ["*"] allows app-owned tools', { allowedTools: ["*"] }, "MemoryJournal", "offered"],
  [
    '"*" dominates named entries: ["*","Read"] still allows Bash',
    { allowedTools: ["*", "Read"] },
    "Bash",
    "offered",
  ],
  [
    '"*" dominates named entries: ["*","Read"] still allows Remember',
    { allowedTools: ["*", "Read"] },
    "Remember",
    "offered",
  ],
  ["[] allows no built-in", { allowedTools: [] }, "Read", "not_allowed"],
  ["[] allows no app-owned tool", { allowedTools: [] }, "SessionHistory", "not_allowed"],
  ["[] allows no adapter send tool", { allowedTools: [] }, "SlackSendMessage", "not_allowed"],
  ['a specific list narrows: ["Read"] allows Read', { allowedTools: ["Read"] }, "Read", "offered"],
  ['a specific list narrows: ["Read"] withholds Grep', { allowedTools: ["Read"] }, "Grep", "not_allowed"],
  [
    'a specific list narrows: ["Read"] withholds RunHistory',
    { allowedTools: ["Read"] },
    "RunHistory",
    "not_allowed",
  ],
  ["names compare exactly: read does not allow Read", { allowedTools: ["read"] }, "Read", "not_allowed"],
  ["deny wins under omitted allowedTools", { disallowedTools: ["Bash"] }, "Bash", "denied"],
  ['deny wins under ["*"]', { allowedTools: ["*"], disallowedTools: ["Bash"] }, "Bash", "denied"],
  ["deny of one tool leaves others", { disallowedTools: ["Bash"] }, "Read", "offered"],
  ['disallowedTools ["*"] denies every built-in', { disallowedTools: ["*"] }, "Read", "denied"],
  ['disallowedTools ["*"] denies app-owned tools', { disallowedTools: ["*"] }, "RunHistory", "denied"],
  ['disallowedTools ["*"] denies adapter send tools', { disallowedTools: ["*"] }, "AskUser", "denied"],
  [
    'disallowedTools ["*"] does not touch MemoryRecall',
    { disallowedTools: ["*"] },
    "MemoryRecall",
    "offered",
  ],
  ["ReadSkill is gated by the allowlist", { allowedTools: ["Read"] }, "ReadSkill", "not_allowed"],
  ["ReadSkill legacy alias read_skill allows it", { allowedTools: ["read_skill"] }, "ReadSkill", "offered"],
  ["ReadSkill is removed by disallowedTools", { disallowedTools: ["ReadSkill"] }, "ReadSkill", "denied"],
  ["WebFetch legacy alias web_fetch denies it", { disallowedTools: ["web_fetch"] }, "WebFetch", "denied"],
  ["WebSearch legacy alias web_search allows it", { allowedTools: ["web_search"] }, "WebSearch", "offered"],
  ["NodeRepl legacy alias node_repl allows it", { allowedTools: ["node_repl"] }, "NodeRepl", "offered"],
  [
    "RunHistory deprecated alias run_history allows it",
    { allowedTools: ["run_history"] },
    "RunHistory",
    "offered",
  ],
  [
    "RunHistory deprecated alias run_history denies it",
    { disallowedTools: ["run_history"] },
    "RunHistory",
    "denied",
  ],
  [
    "RunHistory mcp__<server>__<Tool> allows it",
    { allowedTools: ["mcp__mono-agent-run-history__RunHistory"] },
    "RunHistory",
    "offered",
  ],
  [
    "RunHistory mcp__<server>__* allows it",
    { allowedTools: ["mcp__mono-agent-run-history__*"] },
    "RunHistory",
    "offered",
  ],
  [
    "SessionHistory deprecated alias session_history allows it",
    { allowedTools: ["session_history"] },
    "SessionHistory",
    "offered",
  ],
  [
    "SessionHistory server wildcard denies it",
    { disallowedTools: ["mcp__mono-agent-session-history__*"] },
    "SessionHistory",
    "denied",
  ],
  [
    "MemoryJournal allowlist name MemoryJournal",
    { allowedTools: ["MemoryJournal"] },
    "MemoryJournal",
    "offered",
  ],
  [
    "MemoryJournal allowlist name mcp__mono-agent-memory-journal__MemoryJournal",
    { allowedTools: ["mcp__mono-agent-memory-journal__MemoryJournal"] },
    "MemoryJournal",
    "offered",
  ],
  [
    "MemoryJournal allowlist name mcp__mono-agent-memory-journal__*",
    { allowedTools: ["mcp__mono-agent-memory-journal__*"] },
    "MemoryJournal",
    "offered",
  ],
  [
    "MemoryJournal has no legacy alias: memory_journal does not allow it",
    { allowedTools: ["memory_journal"] },
    "MemoryJournal",
    "not_allowed",
  ],
  [
    "MemoryJournal has no legacy alias: memory_journal does not deny it",
    { disallowedTools: ["memory_journal"] },
    "MemoryJournal",
    "offered",
  ],
  [
    "MemoryJournal exact deny wins",
    { allowedTools: ["*"], disallowedTools: ["MemoryJournal"] },
    "MemoryJournal",
    "denied",
  ],
  [
    "MemoryJournal server deny wins",
    { disallowedTools: ["mcp__mono-agent-memory-journal__*"] },
    "MemoryJournal",
    "denied",
  ],
  [
    "the memory recall server wildcard does not name MemoryJournal",
    { allowedTools: ["mcp__mono-agent-memory__*"] },
    "MemoryJournal",
    "not_allowed",
  ],
  ["Remember is gated by the allowlist", { allowedTools: ["Read"] }, "Remember", "not_allowed"],
  [
    "Remember allowed by its mcp__ spelling",
    { allowedTools: ["mcp__mono-agent-memory-write__Remember"] },
    "Remember",
    "offered",
  ],
  [
    "Remember denied while MemoryRecall stays (Remember)",
    { disallowedTools: ["Remember"] },
    "Remember",
    "denied",
  ],
  [
    "Remember denied while MemoryRecall stays (MemoryRecall)",
    { disallowedTools: ["Remember"] },
    "MemoryRecall",
    "offered",
  ],
  ["MemoryRecall is not gated: [] still offers it", { allowedTools: [] }, "MemoryRecall", "offered"],
  [
    "MemoryRecall is not gated: naming it in the deny list has no effect",
    { disallowedTools: ["MemoryRecall"] },
    "MemoryRecall",
    "offered",
  ],
  ["SetConversationTitle follows allow-all", {}, "SetConversationTitle", "offered"],
  [
    "SetConversationTitle: a restrictive policy must name it",
    { allowedTools: ["Read"] },
    "SetConversationTitle",
    "not_allowed",
  ],
  [
    "SetConversationTitle: disallowedTools removes it",
    { disallowedTools: ["SetConversationTitle"] },
    "SetConversationTitle",
    "denied",
  ],
  ["adapter tools follow allow-all", {}, "TelegramSendFile", "offered"],
  [
    "adapter tools: a specific list must name them",
    { allowedTools: ["SlackSendMessage"] },
    "TelegramSendMessage",
    "not_allowed",
  ],
  [
    "adapter legacy alias slack_send_message allows SlackSendMessage",
    { allowedTools: ["slack_send_message"] },
    "SlackSendMessage",
    "offered",
  ],
  [
    "adapter legacy alias telegram_send_message allows TelegramSendMessage",
    { allowedTools: ["telegram_send_message"] },
    "TelegramSendMessage",
    "offered",
  ],
  [
    "denying telegram_send_document denies the whole TelegramSendFile",
    { disallowedTools: ["telegram_send_document"] },
    "TelegramSendFile",
    "denied",
  ],
  [
    "denying telegram_send_photo denies the whole TelegramSendFile",
    { disallowedTools: ["telegram_send_photo"] },
    "TelegramSendFile",
    "denied",
  ],
  ["adapter legacy alias ask_user allows AskUser", { allowedTools: ["ask_user"] }, "AskUser", "offered"],
  [
    "adapter server wildcard allows every adapter tool",
    { allowedTools: ["mcp__mono-agent-adapter-send__*"] },
    "TelegramSendFile",
    "offered",
  ],
  [
    "AskCollaborator is not gated: [] still offers it when composed",
    { allowedTools: [] },
    "AskCollaborator",
    "offered",
  ],
  [
    "AskCollaborator is not gated: deny has no effect",
    { disallowedTools: ["AskCollaborator"] },
    "AskCollaborator",
    "offered",
  ],
];

describe("evaluateTool follows the policy rules (every host prerequisite present)", () => {
  it.each(rows)("%s", (_rule, input, tool, expected) => {
    const decision = evaluateTool(createToolPolicy(input), tool, everythingAvailable);
    expect(decision.name).toBe(tool);
    expect(decision.decision === "offered" ? "offered" : decision.reason).toBe(expected);
    if (decision.decision === "withheld") expect(decision.detail).toContain(tool);
  });
});
