import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import type { LoadedConfig } from "@mono-agent/config";
import { createToolPolicy, evaluateTool } from "@mono-agent/policy";
import Database from "better-sqlite3";
import { type CheckLine, type CheckSection, section } from "./validate-report.js";

/** The SessionHistory sidecar of an agent (as `toolHistoryFile` of @mono-agent/session-history/sqlite places it). */
function toolHistoryFileOf(loaded: LoadedConfig): string {
  return join(dirname(loaded.artifactsDir), "history", "tool-history", "tool-lifecycles.sqlite");
}

function toolCallCounts(file: string): { calls: number; conversations: number } {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return sqlite
      .prepare(
        "SELECT COUNT(*) AS calls, COUNT(DISTINCT scope_conversation_id) AS conversations FROM tool_calls",
      )
      .get() as { calls: number; conversations: number };
  } finally {
    sqlite.close();
  }
}

/** Conversations in the conversation store (0 for a store no run has written to yet). */
function storedConversationCount(file: string): number {
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const table = sqlite
      .prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'conversations'")
      .get();
    if (!table) return 0;
    return (sqlite.prepare("SELECT COUNT(*) AS stored FROM conversations").get() as { stored: number })
      .stored;
  } finally {
    sqlite.close();
  }
}

/**
 * The conversation store (`.mono-agent/conversations.sqlite`, which every run opens first): nothing while
 * it does not exist, its count when it reads, an error naming the fix when a run would fail on it (a
 * damaged file, or a file where the state folder should be).
 */
function conversationStoreLine(loaded: LoadedConfig): CheckLine | undefined {
  const stateDir = dirname(loaded.artifactsDir);
  const file = join(stateDir, "conversations.sqlite");
  if (statSync(stateDir, { throwIfNoEntry: false })?.isDirectory() === false)
    return {
      status: "error",
      code: "state_folder_not_a_folder",
      file: stateDir,
      message: `${stateDir} is a file, but the agent keeps its conversations and runs in a folder there; runs fail until it is one`,
      suggestion: `move ${stateDir} aside; the next run creates the folder`,
    };
  if (!existsSync(file)) return undefined;
  try {
    const stored = storedConversationCount(file);
    return { status: "ok", message: `Conversations: ${stored} stored, in ${file}.` };
  } catch (error) {
    return {
      status: "error",
      code: "conversation_store_unreadable",
      file,
      message: `The conversation store cannot be read: ${error instanceof Error ? error.message : String(error)}; runs fail until it can`,
      suggestion: `move ${file} aside; the next run starts a new one (conversations start fresh; recorded runs and SessionHistory are kept)`,
    };
  }
}

/**
 * The history section of `mono-agent validate`: whether the tool policy offers RunHistory and
 * SessionHistory, what the SessionHistory sidecar holds, and whether the conversation store reads (all
 * read-only). Run counts are the Runs section's.
 */
export function historySection(loaded: LoadedConfig | undefined): CheckSection {
  if (!loaded)
    return section("history", "History", [
      { status: "disabled", message: "History cannot be checked until the config loads." },
    ]);
  const policy = createToolPolicy({
    allowedTools: loaded.config.tools.allowedTools,
    disallowedTools: loaded.config.tools.disallowedTools,
  });
  const offered = (name: string) => evaluateTool(policy, name).decision === "offered";
  const lines: CheckLine[] = [
    {
      status: "ok",
      message: offered("RunHistory")
        ? "RunHistory: offered (summaries and events of this conversation's past runs)."
        : "RunHistory: not offered (the tool policy leaves it out); runs are still recorded.",
    },
  ];
  const conversationLine = conversationStoreLine(loaded);
  const file = toolHistoryFileOf(loaded);
  let held = "no tool calls recorded yet";
  if (existsSync(file))
    try {
      const counts = toolCallCounts(file);
      held = `${counts.calls} tool call(s) recorded in ${counts.conversations} conversation(s), in ${file}`;
    } catch (error) {
      lines.push({
        status: "error",
        code: "session_history_unreadable",
        file,
        message: `The SessionHistory store cannot be read: ${error instanceof Error ? error.message : String(error)}`,
        suggestion: `move ${file} aside; the next run starts a new one (the agent runs without SessionHistory until then)`,
      });
      return section("history", "History", conversationLine ? [...lines, conversationLine] : lines);
    }
  lines.push({
    status: "ok",
    message: offered("SessionHistory")
      ? `SessionHistory: offered; ${held}.`
      : `SessionHistory: not offered (the tool policy leaves it out); ${held}.`,
  });
  if (conversationLine) lines.push(conversationLine);
  return section("history", "History", lines);
}
