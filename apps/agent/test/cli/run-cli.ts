import { spawnSync } from "node:child_process";
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
