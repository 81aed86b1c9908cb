import { spawn } from "node:child_process";
import { CLI_BIN, type CliResult } from "./run-cli.js";

/**
 * The built CLI as a separate process, without blocking this process's event loop: for tests whose
 * own loopback servers must keep answering while the CLI runs.
 */
export function runCliAsync(
  args: string[],
  options: { cwd: string; env?: Record<string, string> },
): Promise<CliResult & { elapsedMs: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI_BIN, ...args], {
      cwd: options.cwd,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...options.env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (exitCode) =>
      resolve({ exitCode, stdout, stderr, elapsedMs: performance.now() - started }),
    );
  });
}
