import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { openToolHistoryStore, sessionHistoryFile } from "@mono-agent/session-history/sqlite";
import Database from "better-sqlite3";
import { describe, expect, test } from "vitest";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";
import { STDIO_FIXTURE } from "../cli/agent-folder.js";

const AGENT_DIST = fileURLToPath(new URL("../../dist/app/start-mono-agent-app.js", import.meta.url));
const PI_AI = fileURLToPath(
  new URL("../../node_modules/@earendil-works/pi-ai/dist/index.js", import.meta.url),
);

/** Longest wait for the child to record its dangling invocation. */
const RECORD_WAIT_MS = 20_000;

const config = {
  runtime: { model: "faux:test" },
  tools: { mcpServers: { fixture: { command: process.execPath, args: [STDIO_FIXTURE] } } },
};

function childScript(cwd: string): string {
  return `
import { startMonoAgentApp } from ${JSON.stringify(pathToFileURL(AGENT_DIST).href)};
import { createModels, fauxAssistantMessage, fauxProvider, fauxToolCall } from ${JSON.stringify(pathToFileURL(PI_AI).href)};
const faux = fauxProvider();
const models = createModels();
models.setProvider(faux.provider);
faux.setResponses([fauxAssistantMessage([fauxToolCall("mcp__fixture__sleep", { ms: 120000 }, { id: "call-dangling" })], { stopReason: "toolUse" })]);
const app = await startMonoAgentApp({
  config: ${JSON.stringify(config)},
  cwd: ${JSON.stringify(cwd)},
  env: { PATH: process.env.PATH ?? "" },
  customModels: { "faux:test": { model: faux.getModel(), streamFn: models.streamSimple.bind(models), getApiKey: () => "x", label: "faux:test", isDemo: false } },
});
await app.run({ input: "sleep", conversationId: "cli:crash" });
`;
}

async function waitForDangling(file: string): Promise<void> {
  const deadline = Date.now() + RECORD_WAIT_MS;
  while (Date.now() < deadline) {
    try {
      const db = new Database(file, { readonly: true, fileMustExist: true });
      const row = db.prepare("SELECT count(*) AS n FROM tool_calls WHERE result_record_id IS NULL").get() as {
        n: number;
      };
      db.close();
      if (row.n > 0) return;
    } catch {
      // not created yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error("the child never recorded its invocation");
}

describe("crash recovery", () => {
  test("kill -9 mid-run, then restart: the dangling invocation reads as interrupted and is never rerun", {
    timeout: 60_000,
  }, async () => {
    const cwd = mkdtempSync(join(tmpdir(), "session-history-kill-"));
    writeFileSync(join(cwd, "child.mjs"), childScript(cwd));
    const child = spawn(process.execPath, [join(cwd, "child.mjs")], { cwd, stdio: "ignore", detached: true });
    const exited = new Promise((resolve) => child.on("exit", resolve));
    const file = sessionHistoryFile({ artifactsDir: join(cwd, ".mono-agent", "artifacts") } as never);
    try {
      await waitForDangling(file);
    } finally {
      process.kill(-child.pid!, "SIGKILL");
    }
    await exited;

    const app = await startMonoAgentApp({ config, cwd, env: { PATH: process.env.PATH ?? "" } });
    expect(sessionHistoryFile(app.loaded)).toBe(file);
    await app.close();
    const store = openToolHistoryStore({ file });
    const calls = store.listCompletedCalls(
      { conversationId: "cli:crash", runId: "after-restart", rollover: "none", includeIsolated: false },
      5,
    );
    store.close();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      toolCallId: "call-dangling",
      toolName: "mcp__fixture__sleep",
      state: "interrupted",
      recovered: true,
    });
    expect(calls[0]?.resultPayload).toMatch(/not rerun/);
  });
});
