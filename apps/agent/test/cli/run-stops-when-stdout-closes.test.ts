import { spawn } from "node:child_process";
import { expect, test } from "vitest";
import { fixtureServerConfig, makeAgentFolder } from "./agent-folder.js";
import { CLI_BIN, runCli } from "./run-cli.js";

test("`mono-agent run … | head -1`: when stdout's reader goes away, the run is cancelled (exit 130), with no crash", async () => {
  // The demo model calls the fixture's `silent` tool; a 1.5 s call timeout ends it, and the run then
  // writes again, into a pipe whose reader has closed (EPIPE).
  const dir = makeAgentFolder(fixtureServerConfig({ mcpCallTimeoutMs: 1_500 }));
  const child = spawn(process.execPath, [CLI_BIN, "run", "stay silent please"], {
    cwd: dir,
    env: { PATH: process.env.PATH ?? "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdout.once("data", () => child.stdout.destroy());
  const exitCode = await new Promise<number | null>((resolveExit) =>
    child.on("exit", (code) => resolveExit(code)),
  );
  expect(stderr).not.toMatch(/EPIPE|Unhandled|unexpected error/);
  expect(exitCode).toBe(130);
  const listed = runCli(["runs", "list", "--json"], { cwd: dir });
  expect(listed.exitCode, listed.stderr).toBe(0);
  expect(JSON.parse(listed.stdout).runs.map((run: { status: string }) => run.status)).toEqual(["cancelled"]);
}, 60_000);

test("other commands whose output is cut short end quietly", async () => {
  const child = spawn(process.execPath, [CLI_BIN, "--help"], { stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.destroy();
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exitCode = await new Promise<number | null>((resolveExit) =>
    child.on("exit", (code) => resolveExit(code)),
  );
  expect(stderr).toBe("");
  expect(exitCode).toBe(0);
});
