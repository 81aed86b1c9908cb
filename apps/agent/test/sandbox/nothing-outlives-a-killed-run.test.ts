import type { ChildProcess } from "node:child_process";
import { existsSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { processesWith } from "@mono-agent/test-utils";
import { afterEach, describe, expect, it } from "vitest";
import { STDIO_FIXTURE } from "../cli/agent-folder.js";
import {
  type ScriptedCompletion,
  startOpenAICompatibleServer,
} from "../fixtures/openai-compatible/openai-compatible-server.js";
import { makeWebAgentFolder, startServe, TEST_WEB_TOKEN } from "../serve/serve-process.js";
import { type CliRun, makeAttackFolders, startCliRun } from "./sandbox-attack-kit.js";

/** The bound of the issue: no process of a killed run may still run 10 s after the kill. */
const OUTLIVE_BOUND_MS = 10_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function waitFor(probe: () => boolean, timeoutMs: number, what: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!probe()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function startRun(
  folders: ReturnType<typeof makeAttackFolders>,
  script: ScriptedCompletion[],
  config: Record<string, unknown> = {},
): Promise<CliRun> {
  const run = await startCliRun(folders, script, { config });
  cleanups.push(async () => {
    if (run.child.exitCode === null) run.child.kill("SIGKILL");
    await run.server.close();
  });
  return run;
}

async function kill9(child: ChildProcess): Promise<number> {
  await new Promise<void>((resolve) => {
    child.once("exit", () => resolve());
    child.kill("SIGKILL");
  });
  return Date.now();
}

async function expectNoneLeft(marker: string, killedAt: number): Promise<void> {
  await waitFor(
    () => processesWith(marker).length === 0,
    OUTLIVE_BOUND_MS,
    () => `processes of the killed run to end: ${processesWith(marker).length} left`,
  );
  expect(Date.now() - killedAt).toBeLessThan(OUTLIVE_BOUND_MS);
}

describe("kill -9 of mono-agent serve", () => {
  it(`during a web turn's Bash sleep 60: no process of it remains ${OUTLIVE_BOUND_MS / 1000} s later`, async () => {
    const marker = `${Date.now()}${process.pid}${Math.floor(Math.random() * 1e6)}`;
    const command = `(trap '' TERM HUP; sleep 60.${marker}2) & sleep 60.${marker}1`;
    const model = await startOpenAICompatibleServer([
      { toolCall: { id: "call_sleep", name: "Bash", arguments: JSON.stringify({ command }) } },
    ]);
    cleanups.push(() => model.close());
    const agentDir = makeWebAgentFolder(model.baseUrl);
    cleanups.push(() => rmSync(agentDir, { recursive: true, force: true }));
    const serve = await startServe(agentDir, { env: { MONO_AGENT_WEB_TOKEN: TEST_WEB_TOKEN } });
    cleanups.push(() => {
      if (serve.child.exitCode === null) serve.child.kill("SIGKILL");
    });
    const headers = { authorization: `Bearer ${TEST_WEB_TOKEN}`, "content-type": "application/json" };
    const created = await fetch(`${serve.origin}/api/threads`, { method: "POST", headers, body: "{}" });
    const { thread } = (await created.json()) as { thread: { threadId: string } };
    const sent = await fetch(`${serve.origin}/api/threads/${thread.threadId}/messages`, {
      method: "POST",
      headers,
      body: JSON.stringify({ text: "sleep a while" }),
    });
    expect(sent.status).toBe(202);
    await waitFor(
      () =>
        processesWith(`60.${marker}1`, { onlySleep: true }).length > 0 &&
        processesWith(`60.${marker}2`, { onlySleep: true }).length > 0,
      60_000,
      () => `both sleeps to start (${serve.stdout()}${serve.stderr()})`,
    );
    await expectNoneLeft(marker, await kill9(serve.child));
  }, 120_000);
});

describe("kill -9 of mono-agent run", () => {
  it.each([
    ["in the sandbox", {}],
    ["with sandbox.mode off", { sandbox: { mode: "off" } }],
  ])(
    `during a Bash sleep 60 (%s): no process of the run remains ${OUTLIVE_BOUND_MS / 1000} s later`,
    async (_label, sandbox) => {
      const folders = makeAttackFolders();
      cleanups.push(() => rmSync(folders.root, { recursive: true, force: true }));
      const marker = `${Date.now()}${process.pid}${Math.floor(Math.random() * 1e6)}`;
      // A foreground sleep, and a background one that ignores SIGTERM and SIGHUP.
      const command = `(trap '' TERM HUP; sleep 60.${marker}2) & sleep 60.${marker}1`;
      const run = await startRun(
        folders,
        [{ toolCall: { id: "call_sleep", name: "Bash", arguments: JSON.stringify({ command }) } }],
        sandbox,
      );
      await waitFor(
        () =>
          processesWith(`60.${marker}1`, { onlySleep: true }).length > 0 &&
          processesWith(`60.${marker}2`, { onlySleep: true }).length > 0,
        60_000,
        () => `both sleeps to start (${run.output()})`,
      );
      expect(processesWith(marker).length).toBeGreaterThanOrEqual(2);
      await expectNoneLeft(marker, await kill9(run.child));
    },
    120_000,
  );

  it("during a call to a stdio server that ignores SIGTERM and stdin EOF: none of it remains, and the next start removes the run's scratch directory", async () => {
    const folders = makeAttackFolders();
    cleanups.push(() => rmSync(folders.root, { recursive: true, force: true }));
    const marker = `stubborn-${Date.now()}${process.pid}`;
    const run = await startRun(
      folders,
      [{ toolCall: { id: "call_silent", name: "mcp__fixture__silent", arguments: "{}" } }],
      {
        tools: {
          mcpServers: {
            fixture: {
              command: "sh",
              args: [
                "-c",
                `"$0" "$@"; true`,
                process.execPath,
                STDIO_FIXTURE,
                "--ignore-term",
                "--ignore-eof",
                `--marker=${marker}`,
              ],
            },
          },
          mcpRequestContextServers: ["fixture"],
        },
      },
    );
    const outbound = join(folders.agent, ".mono-agent", "artifacts", "outbound");
    await waitFor(
      () =>
        run.output().includes('"name":"mcp__fixture__silent"') &&
        existsSync(outbound) &&
        readdirSync(outbound).length === 1,
      60_000,
      () => `the silent call to start (${run.output()})`,
    );
    const runId = /"runId":"([^"]+)"/.exec(run.output())?.[1];
    expect(readdirSync(outbound)).toEqual([runId]);
    expect(processesWith(marker).length).toBeGreaterThanOrEqual(2);
    await expectNoneLeft(marker, await kill9(run.child));
    // Still there: only a start of mono-agent in this folder knows it is a leftover.
    expect(readdirSync(outbound)).toEqual([runId]);

    const next = await startRun(folders, [{ text: "hello again" }], { tools: {} });
    expect(await next.closed, next.output()).toBe(0);
    expect(readdirSync(outbound)).toEqual([]);
    expect(readdirSync(join(folders.agent, ".mono-agent", "artifacts", "host-processes"))).toEqual([]);
  }, 120_000);
});
