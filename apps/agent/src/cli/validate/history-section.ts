import { existsSync } from "node:fs";
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

/**
 * The history section of `mono-agent validate`: whether the tool policy offers RunHistory and
 * SessionHistory, and what the SessionHistory sidecar holds (read-only). Run counts are the Runs section's.
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
      return section("history", "History", lines);
    }
  lines.push({
    status: "ok",
    message: offered("SessionHistory")
      ? `SessionHistory: offered; ${held}.`
      : `SessionHistory: not offered (the tool policy leaves it out); ${held}.`,
  });
  return section("history", "History", lines);
}
