import { mkdirSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { loadMonoAgentConfig } from "@mono-agent/config";
import { tempDir } from "@mono-agent/test-utils";
import { describe, expect, it } from "vitest";
import { checkSessionHistory } from "../src/check.js";
import { openToolHistoryStore, toolHistoryFile } from "../src/sqlite/index.js";

async function loadIn(config: Record<string, unknown> = {}) {
  return loadMonoAgentConfig({ config, cwd: tempDir("session-check-"), env: {} });
}

describe("checkSessionHistory", () => {
  it("says both history tools are offered and no tool call is recorded yet", async () => {
    expect(await checkSessionHistory(await loadIn())).toEqual([
      {
        status: "ok",
        message: "RunHistory: offered (summaries and events of this conversation's past runs).",
      },
      { status: "ok", message: "SessionHistory: offered; no tool calls recorded yet." },
    ]);
  });

  it("counts what the sidecar holds and names tools the policy leaves out", async () => {
    const loaded = await loadIn({ tools: { disallowedTools: ["RunHistory", "SessionHistory"] } });
    const file = toolHistoryFile(loaded.artifactsDir);
    mkdirSync(dirname(file), { recursive: true });
    openToolHistoryStore({ file, toolOutputRoot: tempDir("tool-output-") }).close();
    const lines = await checkSessionHistory(loaded);
    expect(lines.map((line) => line.message)).toEqual([
      "RunHistory: not offered (the tool policy leaves it out); runs are still recorded.",
      `SessionHistory: not offered (the tool policy leaves it out); 0 tool call(s) recorded in 0 conversation(s), in ${file}.`,
    ]);
  });

  it("is an error naming the fix when the sidecar cannot be read", async () => {
    const loaded = await loadIn();
    const file = toolHistoryFile(loaded.artifactsDir);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, "not a database, just text long enough to be read as a header ".repeat(8));
    const lines = await checkSessionHistory(loaded);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ status: "error", code: "session_history_unreadable", file });
    expect(lines[1]?.suggestion).toContain(`move ${file} aside`);
  });
});
