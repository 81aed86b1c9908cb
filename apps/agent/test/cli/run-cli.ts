import { spawn, spawnSync } from "node:child_process";
import { Readable, Writable } from "node:stream";
import { fileURLToPath } from "node:url";

/** The built CLI, run as users run it: a separate node process. */
export const CLI_BIN = fileURLToPath(new URL("../../bin/mono-agent.js", import.meta.url));
export const FIXTURE_AGENTS = fileURLToPath(new URL("../fixtures/agents/", import.meta.url));
/** The built CLI's entry module: the `main` that bin/mono-agent.js calls. */
const CLI_MAIN = new URL("../../dist/cli/main.js", import.meta.url).href;

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

/** A stream that keeps what is written to it, as the CLI's stdout or stderr. */
function collectingStream(): { stream: Writable; text: () => string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString("utf8") };
}

/**
 * The built CLI's `main` in this process, with streams, environment and working folder of its own (the
 * `CliIo` every command takes): for tests of what a command prints, stores and exits with, at a fraction of
 * a process start's cost. What only a separate process shows (signals, a crash's last words, leftover
 * processes, a terminal) is tested with {@link runCli} / {@link runCliAsync}.
 */
export async function runCliInProcess(
  args: string[],
  options: { cwd?: string; env?: Record<string, string>; input?: string } = {},
): Promise<CliResult> {
  const { main } = (await import(CLI_MAIN)) as typeof import("../../src/cli/main.js");
  const stdout = collectingStream();
  const stderr = collectingStream();
  const exitCode = await main(args, {
    stdout: stdout.stream,
    stderr: stderr.stream,
    stdin: Readable.from(options.input ? [options.input] : []),
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", PI_OFFLINE: "1", ...options.env },
    cwd: options.cwd ?? FIXTURE_AGENTS,
  });
  return { exitCode, stdout: stdout.text(), stderr: stderr.text() };
}
