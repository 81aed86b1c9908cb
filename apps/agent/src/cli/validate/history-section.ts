import { existsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import type { LoadedConfig } from "@mono-agent/config";
import { checkSessionHistory } from "@mono-agent/session-history/check";
import Database from "better-sqlite3";
import { type CheckLine, type CheckSection, section } from "./validate-report.js";

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
 * The history section of `mono-agent validate`: the findings of `@mono-agent/session-history`'s own check
 * (RunHistory and SessionHistory offered, the sidecar), then whether the conversation store reads (all
 * read-only). Run counts are the Runs section's.
 */
export async function historySection(loaded: LoadedConfig | undefined): Promise<CheckSection> {
  if (!loaded)
    return section("history", "History", [
      { status: "disabled", message: "History cannot be checked until the config loads." },
    ]);
  const conversationLine = conversationStoreLine(loaded);
  const lines = await checkSessionHistory(loaded);
  return section("history", "History", conversationLine ? [...lines, conversationLine] : lines);
}
