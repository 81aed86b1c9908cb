import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { STDIO_FIXTURE } from "../cli/agent-folder.js";
import { CLI_BIN } from "../cli/run-cli.js";
import {
  type OpenAICompatibleServer,
  type ScriptedCompletion,
  startOpenAICompatibleServer,
} from "../fixtures/openai-compatible/openai-compatible-server.js";
import { HOST_SECRETS, makeAttackFolders } from "./sandbox-attack-kit.js";

/** The bound of the issue: no process of a killed run may still run 10 s after the kill. */
const OUTLIVE_BOUND_MS = 10_000;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

/** Live processes whose command line holds `marker` (zombies have an empty cmdline), or only `sleep`s. */
function processesWith(marker: string, onlySleep = false): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((entry) => {
      try {
        const cmdline = readFileSync(`/proc/${entry}/cmdline`, "utf8");
        return cmdline.includes(marker) && (!onlySleep || cmdline.startsWith("sleep\0"));
      } catch {
        return false;
      }
    })
    .map(Number);
}

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
  extraConfig: Record<string, unknown> = {},
): Promise<{ child: ChildProcess; output: () => string; server: OpenAICompatibleServer }> {
  const server = await startOpenAICompatibleServer(script);
  cleanups.push(() => server.close());
  const file = join(folders.agent, "mono-agent.config.json");
  const config = JSON.parse(readFileSync(file, "utf8"));
  config.models.providers.scripted.baseUrl = server.baseUrl;
  writeFileSync(file, JSON.stringify({ ...config, ...extraConfig }));
  const child = spawn(process.execPath, [CLI_BIN, "run", "--json", "go"], {
    cwd: folders.agent,
    env: {
      PATH: process.env["PATH"] ?? "/usr/bin:/bin",
      HOME: folders.home,
      MODEL_API_KEY: HOST_SECRETS.MODEL_API_KEY,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  cleanups.push(() => {
    if (child.exitCode === null) child.kill("SIGKILL");
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  return { child, output: () => output, server };
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
          processesWith(`60.${marker}1`, true).length > 0 && processesWith(`60.${marker}2`, true).length > 0,
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
    await new Promise<void>((resolve) => next.child.once("close", () => resolve()));
    expect(next.child.exitCode, next.output()).toBe(0);
    expect(readdirSync(outbound)).toEqual([]);
    expect(readdirSync(join(folders.agent, ".mono-agent", "artifacts", "host-processes"))).toEqual([]);
  }, 120_000);
});
