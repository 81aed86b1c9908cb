import { spawn, spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The built CLI, run as users run it: a separate node process. */
export const CLI_BIN = fileURLToPath(new URL("../../bin/mono-agent.js", import.meta.url));
export const FIXTURE_AGENTS = fileURLToPath(new URL("../fixtures/agents/", import.meta.url));

export interface CliResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; input?: string } = {},
): CliResult {
  const result = spawnSync(process.execPath, [CLI_BIN, ...args], {
    cwd: options.cwd ?? FIXTURE_AGENTS,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...options.env },
    input: options.input ?? "",
    encoding: "utf8",
    timeout: 60_000,
  });
  return { exitCode: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * The built CLI as a child process that does not block this one (for tests whose loopback model server
 * answers from this process). `env` replaces the default PATH/HOME environment entries it names.
 */
export function runCliAsync(
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<CliResult> {
  const child = spawn(process.execPath, [CLI_BIN, ...args], {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PI_OFFLINE: "1", ...options.env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => {
    stdout += chunk.toString("utf8");
  });
  child.stderr.on("data", (chunk: Buffer) => {
    stderr += chunk.toString("utf8");
  });
  return new Promise((resolve) => child.once("close", (exitCode) => resolve({ exitCode, stdout, stderr })));
}
