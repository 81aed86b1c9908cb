// `prelaunchStdioServers` (a cold `mono-agent run`): the declared stdio servers start as soon as the config
// is loaded, the run takes those processes over (each server still starts once), failures read exactly
// as without the early start, and a run that ends before it connects its servers leaves no child behind.
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { fauxAssistantMessage, fauxToolCall } from "@earendil-works/pi-ai";
import { createFauxModel, type FauxModel } from "@mono-agent/test-utils/faux";
import { beforeEach, describe, expect, test } from "vitest";
import { startMonoAgentApp } from "../../src/app/start-mono-agent-app.js";

const LIVE = fileURLToPath(new URL("../fixtures/mcp/live-server.mjs", import.meta.url));
type Faux = FauxModel;
let faux: Faux;
beforeEach(() => {
  faux = createFauxModel();
});

/** A server that appends its pid to `pidFile` when it starts, then serves the live fixture. */
function countedServer(pidFile: string, extraArgs: string[] = []) {
  return {
    command: "/bin/sh",
    args: ["-c", 'echo $$ >> "$0"; exec "$1" "$2" "$3"', pidFile, process.execPath, LIVE, ...extraArgs],
  };
}

function startApp(agentDir: string, servers: Record<string, unknown>, prelaunch: boolean) {
  return startMonoAgentApp({
    config: {
      runtime: { model: "faux:test" },
      tools: { allowedTools: [], mcpStartupGraceMs: 10_000, mcpServers: servers },
    },
    cwd: agentDir,
    env: { PATH: process.env.PATH ?? "" },
    customModels: {
      "faux:test": {
        model: faux.getModel(),
        streamFn: faux.streamFn,
        getApiKey: () => "x",
        label: "faux:test",
        isDemo: false,
      },
    },
    recordRuns: false,
    prelaunchStdioServers: prelaunch,
  });
}

async function waitFor(check: () => boolean, what: string): Promise<void> {
  for (let waited = 0; waited < 10_000; waited += 20) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const pids = (file: string) =>
  existsSync(file) ? readFileSync(file, "utf8").split("\n").filter(Boolean).map(Number) : [];

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("a cold run starts its stdio servers early", () => {
  test("the server starts before the run, once, and the run calls its tools", async () => {
    const agentDir = mkdtempSync(join(tmpdir(), "prelaunch-"));
    const pidFile = join(agentDir, "pids");
    const app = await startApp(agentDir, { live: countedServer(pidFile) }, true);
    // Started by the app's start, before any run was asked for.
    await waitFor(() => pids(pidFile).length === 1, "the early start");
    faux.setResponses([
      () =>
        fauxAssistantMessage([fauxToolCall("mcp__live__live_echo", { text: "hi" })], {
          stopReason: "toolUse",
        }),
      (context) => fauxAssistantMessage(JSON.stringify(context.messages.at(-1)?.content ?? "")),
    ]);
    const result = await app.run({ input: "echo" });
    await app.close();
    expect(result.status).toBe("succeeded");
    expect(result.toolCalls).toEqual([
      expect.objectContaining({ name: "mcp__live__live_echo", isError: false }),
    ]);
    expect(result.mcpServersUsed).toEqual(["live"]);
    expect(pids(pidFile)).toHaveLength(1);
    await waitFor(() => !alive(pids(pidFile)[0] as number), "the server to end with the run");
  });

  test("a run that fails before it connects its servers leaves no child behind", async () => {
    const agentDir = mkdtempSync(join(tmpdir(), "prelaunch-fail-"));
    const pidFile = join(agentDir, "pids");
    const app = await startApp(agentDir, { live: countedServer(pidFile) }, true);
    await waitFor(() => pids(pidFile).length === 1, "the early start");
    const result = await app.run({ input: "hi", model: "nope:missing" });
    expect(result.status).toBe("failed");
    // Ended when the run settled, not only when the app closes.
    await waitFor(() => !alive(pids(pidFile)[0] as number), "the unused server to end");
    await app.close();
    expect(pids(pidFile)).toHaveLength(1);
  });

  test("an app closed without a run ends the servers it started", async () => {
    const agentDir = mkdtempSync(join(tmpdir(), "prelaunch-close-"));
    const pidFile = join(agentDir, "pids");
    const app = await startApp(agentDir, { live: countedServer(pidFile) }, true);
    await waitFor(() => pids(pidFile).length === 1, "the early start");
    await app.close();
    expect(alive(pids(pidFile)[0] as number)).toBe(false);
  });

  test.each([
    ["a missing command", { command: "/nonexistent/mcp-server-binary" }],
    [
      "a server that exits at once with an error",
      { command: process.execPath, args: ["-e", "console.error('boom: no token'); process.exit(3)"] },
    ],
  ])("%s gives the same warning as without the early start", async (_label, server) => {
    const warningsOf = async (prelaunch: boolean) => {
      const app = await startApp(mkdtempSync(join(tmpdir(), "prelaunch-bad-")), { bad: server }, prelaunch);
      // Let an early-started child fail before the run comes for it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      faux.setResponses([fauxAssistantMessage("done")]);
      const result = await app.run({ input: "hi" });
      await app.close();
      expect(result.status).toBe("succeeded");
      return result.warnings.filter((warning) => warning.serverName === "bad");
    };
    const late = await warningsOf(false);
    const early = await warningsOf(true);
    expect(late).toHaveLength(1);
    expect(early).toEqual(late);
  });
});
