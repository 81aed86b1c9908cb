import { randomUUID } from "node:crypto";
import { processesWith } from "@mono-agent/test-utils";
import { describe, expect, it } from "vitest";
import { connectMcpServers } from "../src/connect-mcp-servers.js";
import type { RunServerSpec } from "../src/run-server-spec.js";
import {
  bridgeOptions,
  fixtureSpec,
  makeTempDir,
  resultText,
  TEST_SERVER_OPTIONS,
  testLauncher,
} from "./fixtures/bridge-test-kit.js";

/** Runs of the test; each starts and closes 3 stdio servers (one behind `sh -c`). */
const RUNS = 50;
/** Runs at a time, to keep the wall time reasonable on 2 vCPUs. */
const RUNS_IN_PARALLEL = 5;

function serversFor(marker: string): RunServerSpec[] {
  const serverScript = fixtureSpec("x", "tiny-stdio-server.mjs").args[0]!;
  const stubborn = ["--ignore-term", "--ignore-eof", `--marker=${marker}`];
  return [
    {
      name: "wrapped",
      transport: "stdio",
      command: "sh",
      args: ["-c", `trap '' TERM; "$0" "$@"; true`, process.execPath, serverScript, ...stubborn],
      env: {},
      options: TEST_SERVER_OPTIONS,
    },
    fixtureSpec("stubborn", "tiny-stdio-server.mjs", stubborn),
    fixtureSpec("normal", "tiny-stdio-server.mjs", [`--marker=${marker}`]),
  ];
}

describe("closing a run ends the whole process group of every stdio server", () => {
  it(`leaves no process behind after ${RUNS} runs with 3 stdio servers each`, {
    timeout: 240_000,
  }, async () => {
    const marker = `mcp-orphan-check-${randomUUID()}`;
    const outputDir = await makeTempDir();
    let sawProcessesWhileConnected = 0;
    const runOnce = async (runIndex: number) => {
      const bridge = await connectMcpServers(
        bridgeOptions(outputDir.path, {
          runId: `run-${runIndex}`,
          servers: serversFor(marker),
          stdio: testLauncher({ closeGrace: { stdinEofMs: 100, sigtermMs: 100 } }),
        }),
      );
      try {
        expect(bridge.warnings).toEqual([]);
        for (const name of ["mcp__wrapped__echo", "mcp__stubborn__echo", "mcp__normal__echo"]) {
          const tool = bridge.tools.find((candidate) => candidate.name === name);
          const result = await tool!.execute(`call-${runIndex}`, { text: name });
          expect(
            resultText({
              role: "toolResult",
              toolCallId: "",
              toolName: name,
              content: result.content,
              isError: false,
              timestamp: 0,
            }),
          ).toBe(name);
        }
        if (runIndex === 0) sawProcessesWhileConnected = processesWith(marker).length;
      } finally {
        await bridge.close();
      }
    };
    try {
      for (let start = 0; start < RUNS; start += RUNS_IN_PARALLEL) {
        await Promise.all(Array.from({ length: RUNS_IN_PARALLEL }, (_, offset) => runOnce(start + offset)));
      }
      // sh + its node server + the directly started stubborn server + the normal one, per run.
      expect(sawProcessesWhileConnected).toBeGreaterThanOrEqual(4);
      expect(processesWith(marker)).toEqual([]);
    } finally {
      for (const pid of processesWith(marker)) process.kill(pid, "SIGKILL");
      await outputDir.remove();
    }
  });
});
