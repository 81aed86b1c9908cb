import { existsSync } from "node:fs";
import type { CheckLine, LoadedConfig } from "@mono-agent/config";
import { createToolPolicy, evaluateTool } from "@mono-agent/policy";
import { toolHistoryFile } from "../sqlite/tool-history-file.js";

/**
 * The history-tool findings of `mono-agent validate`: whether the tool policy offers RunHistory and
 * SessionHistory, and what the SessionHistory sidecar holds (read-only), or an error when it cannot be read.
 */
export async function checkSessionHistory(loaded: LoadedConfig): Promise<CheckLine[]> {
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
  const file = toolHistoryFile(loaded.artifactsDir);
  let held = "no tool calls recorded yet";
  if (existsSync(file))
    try {
      // better-sqlite3 loads only when the sidecar exists.
      const { countToolCalls } = await import("../sqlite/count-tool-calls.js");
      const counts = countToolCalls(file);
      held = `${counts.calls} tool call(s) recorded in ${counts.conversations} conversation(s), in ${file}`;
    } catch (error) {
      lines.push({
        status: "error",
        code: "session_history_unreadable",
        file,
        message: `The SessionHistory store cannot be read: ${error instanceof Error ? error.message : String(error)}`,
        suggestion: `move ${file} aside; the next run starts a new one (the agent runs without SessionHistory until then)`,
      });
      return lines;
    }
  lines.push({
    status: "ok",
    message: offered("SessionHistory")
      ? `SessionHistory: offered; ${held}.`
      : `SessionHistory: not offered (the tool policy leaves it out); ${held}.`,
  });
  return lines;
}
