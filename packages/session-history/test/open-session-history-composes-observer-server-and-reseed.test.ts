import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { createSecretScanner } from "@mono-agent/evidence";
import { tempDir } from "@mono-agent/test-utils";
import { describe, expect, test } from "vitest";
// The writer runs its bundled worker thread, which only the build has.
import { openSessionHistory } from "../dist/sqlite/index.js";
import { COLD_RESEED_HEADER } from "../src/index.js";

const secretScanner = createSecretScanner({ env: {} });

function run(runId: string, conversationId = "cli:default") {
  return {
    runId,
    conversationId,
    request: { source: "cli" },
    startedAt: new Date(),
    signal: new AbortController().signal,
  };
}

describe("openSessionHistory composes a host's session history", () => {
  test("a recorded tool call is found by the next run's server and reseeds its first run once", async () => {
    const opened = openSessionHistory({
      artifactsDir: tempDir("session-history-open-"),
      rollover: "none",
      secretScanner,
    });
    if ("error" in opened) throw opened.error;
    const first = run("run-1");
    opened.observer.onRunStart(first);
    await opened.observer.onAgentEvent(first, {
      type: "tool_execution_start",
      toolCallId: "c1",
      toolName: "Read",
      args: { path: "notes.md" },
    });
    await opened.observer.onAgentEvent(first, {
      type: "tool_execution_end",
      toolCallId: "c1",
      toolName: "Read",
      result: { content: [{ type: "text", text: "the notes" }] },
      isError: false,
    });
    await opened.observer.onRunEnd(first, { status: "succeeded" });

    const second = run("run-2");
    const client = new Client({ name: "test", version: "1.0.0" });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await opened.createServer(second).connect(serverSide);
    await client.connect(clientSide);
    const found = await client.callTool({ name: "SessionHistory", arguments: { action: "search" } });
    await client.close();
    expect(found.isError).not.toBe(true);
    expect(JSON.stringify(found.content)).toContain("Read");

    const history = [{ role: "user", text: "restored" }];
    const reseeded = opened.reseedHistory?.(second, history) ?? [];
    expect(reseeded).toHaveLength(2);
    expect(JSON.stringify(reseeded[0])).toContain(COLD_RESEED_HEADER.slice(0, 20));
    expect(opened.reseedHistory?.(run("run-3"), history)).toEqual(history);
    await opened.close();
  });

  test("an artifacts folder that cannot hold the sidecar gives the error, not a throw", () => {
    const blocked = tempDir("session-history-blocked-");
    writeFileSync(join(blocked, "history"), "a file where the history folder should be");
    const opened = openSessionHistory({
      artifactsDir: join(blocked, "artifacts"),
      rollover: "none",
      secretScanner,
    });
    expect("error" in opened && opened.error).toBeInstanceOf(Error);
  });
});
