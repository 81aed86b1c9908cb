import type { AgentTool, AgentToolUpdateCallback } from "@earendil-works/pi-agent-core";
import { num, obj, opt, str } from "@earendil-works/pi-schema";
import { DEFAULT_SANDBOX_CONFIG } from "@mono-agent/config";
import { SandboxError, type SandboxPolicy } from "@mono-agent/sandbox";
import { prepareSandboxedCommand, startSandboxedProcess } from "@mono-agent/sandbox/node";
import type { ProtectedPaths } from "../protected-paths.js";
import { createBashEnv } from "./bash-env.js";
import { CommandOutputTail, type OutputSnapshot } from "./command-output-tail.js";
import { TOOL_OUTPUT_MAX_BYTES, TOOL_OUTPUT_MAX_LINES } from "./file-tool-limits.js";
import { currentProtectedPaths } from "./protected-names.js";
import { formatSize, type Truncation } from "./truncate-output.js";

/**
 * Timeout of a Bash command when the model sets none, and the most it may ask for (10 minutes:
 * long builds and test suites finish, a hung command does not hold the run forever).
 */
export const BASH_MAX_TIMEOUT_SECONDS = 600;

/** The shell Bash commands run with, found on the PATH of the command (inside the sandbox as on the host). */
export const BASH_SHELL = "bash";

/**
 * Shortest interval between two streamed output updates of a running command (100 ms, pi-coding-agent's
 * bash throttle): a chatty command does not flood the run's events.
 */
export const BASH_UPDATE_INTERVAL_MS = 100;

/** Name prefix of the temp file that keeps the whole output of a command over the output bounds. */
const BASH_OUTPUT_FILE_PREFIX = "mono-agent-bash";

const bashParameters = obj({
  command: str({ description: "The bash command to run" }),
  timeout: opt(
    num({
      description: `Seconds before the command is killed (default and most: ${BASH_MAX_TIMEOUT_SECONDS})`,
    }),
  ),
});

/** What a Bash result carries beside its text when the output was cut. */
export interface BashToolDetails {
  truncation?: Truncation;
  /** The temp file holding the whole output. */
  fullOutputPath?: string;
}

const DESCRIPTION =
  "Run a bash command in the workspace; stdout and stderr come back together. " +
  `Output over ${TOOL_OUTPUT_MAX_LINES} lines or ${TOOL_OUTPUT_MAX_BYTES / 1024}KB keeps its last part, and the whole output is saved to a file the notice names. ` +
  "Set timeout (seconds) for a command that may hang.";

/** Options of {@link createSandboxedBashTool}. */
export interface SandboxedBashToolOptions {
  /** The workspace (absolute, existing): the command's working directory and the base of relative roots. */
  workspaceDir: string;
  /** Host-resolved env; the command sees only the non-secret variables of `BASH_ENV_PASSTHROUGH`, and its PATH finds bwrap. */
  env: Readonly<Record<string, string | undefined>>;
  /** The sandbox policy (`sandbox` of the config, merged with the request's); default: the config's defaults. */
  sandbox?: SandboxPolicy;
  /**
   * Host state the command must not reach: `noAccess` hidden, `readOnly` never written (absolute paths);
   * `noAccessNames` folders are listed again for every command, their matching entries hidden too.
   */
  protectedPaths?: Pick<ProtectedPaths, "noAccess" | "readOnly" | "noAccessNames">;
}

function describeConfinement(policy: SandboxPolicy): string {
  if (policy.mode === "off")
    return "Runs unconfined on the host (sandbox.mode is off) with a minimal environment (no host secrets)";
  const network = {
    none: "no network",
    localhost: "only the host's loopback services",
    allowlist: `only ${policy.network.allowlist.join(", ") || "no host"} through an HTTP(S) proxy`,
    all: "the network",
  }[policy.network.mode];
  return `Runs in a sandbox: the workspace${policy.readableRoots.length + policy.writableRoots.length > 2 ? " and the configured roots" : ""}, a private /tmp and home, ${network}, a minimal environment (no host secrets); protected files such as .env and .git/config are read-only`;
}

function prepareFailure(error: SandboxError): Error {
  return new Error(`sandbox_prepare_failed: the command did not run: ${error.message}`);
}

/** What one command run returns: its exit code (`null` when a signal ended it). */
interface CommandRun {
  onData: (chunk: Buffer) => void;
  signal: AbortSignal | undefined;
  /** Seconds; the process group is killed when they pass. */
  timeout: number;
}

/** Runs `command` with bash in the sandbox; rejects with "aborted" or `timeout:<seconds>` when it was cut short. */
async function runSandboxed(
  options: SandboxedBashToolOptions,
  policy: SandboxPolicy,
  env: Record<string, string>,
  command: string,
  { onData, signal, timeout }: CommandRun,
): Promise<number | null> {
  const searchPath = options.env["PATH"];
  let spec: Awaited<ReturnType<typeof prepareSandboxedCommand>>;
  try {
    spec = await prepareSandboxedCommand({
      policy,
      workspaceDir: options.workspaceDir,
      argv: [BASH_SHELL, "-c", command],
      env,
      cwd: options.workspaceDir,
      ...(options.protectedPaths
        ? { protectedPaths: await currentProtectedPaths(options.protectedPaths) }
        : {}),
      ...(searchPath !== undefined ? { engine: { searchPath } } : {}),
    });
  } catch (error) {
    throw SandboxError.isInstance(error) ? prepareFailure(error) : error;
  }
  try {
    const child = await startSandboxedProcess(spec, { stdio: ["ignore", "pipe", "pipe"] }).catch(
      (error: unknown) => {
        throw SandboxError.isInstance(error) ? prepareFailure(error) : error;
      },
    );
    const killGroup = () => {
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        // The group is gone already.
      }
    };
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeout * 1000);
    if (signal?.aborted) killGroup();
    signal?.addEventListener("abort", killGroup, { once: true });
    child.stdout?.on("data", onData);
    child.stderr?.on("data", onData);
    try {
      const exitCode = await new Promise<number | null>((resolve, reject) => {
        child.once("error", reject);
        child.once("close", (code) => resolve(code));
      });
      if (signal?.aborted) throw new Error("aborted");
      if (timedOut) throw new Error(`timeout:${timeout}`);
      return exitCode;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", killGroup);
    }
  } finally {
    await spec.release();
  }
}

/**
 * The Bash tool: `bash -c <command>` in the workspace, every command run through `@mono-agent/sandbox`
 * (bubblewrap: the workspace and configured roots only, denyWrite and the host's protected paths enforced,
 * the network per `sandbox.network.mode`, no host env or /proc, killed with the host). A command the
 * sandbox cannot confine (engine missing, a protected path that cannot be pinned) fails with
 * `sandbox_prepare_failed: ...` naming the fix, and the run goes on. With `sandbox.mode: off` it runs on
 * the host under a watchdog. Output streams to `onUpdate` (at most every {@link BASH_UPDATE_INTERVAL_MS});
 * the result keeps the last {@link TOOL_OUTPUT_MAX_LINES} lines / {@link TOOL_OUTPUT_MAX_BYTES} with a
 * notice naming a temp file that holds all of it. Commands time out after {@link BASH_MAX_TIMEOUT_SECONDS}
 * at most.
 */
export function createSandboxedBashTool(
  options: SandboxedBashToolOptions,
): AgentTool<typeof bashParameters, BashToolDetails | undefined> {
  const policy = options.sandbox ?? DEFAULT_SANDBOX_CONFIG;
  const env = createBashEnv(options.env);
  return {
    name: "Bash",
    label: "Bash",
    description: `${DESCRIPTION} ${describeConfinement(policy)}; commands time out after ${BASH_MAX_TIMEOUT_SECONDS} seconds at most.`,
    parameters: bashParameters,
    async execute(_toolCallId, { command, timeout: requested }, signal, onUpdate) {
      const timeout =
        requested === undefined || !(requested > 0)
          ? BASH_MAX_TIMEOUT_SECONDS
          : Math.min(requested, BASH_MAX_TIMEOUT_SECONDS);
      const output = new CommandOutputTail(BASH_OUTPUT_FILE_PREFIX);
      const updates = throttledUpdates(output, onUpdate);
      onUpdate?.({ content: [], details: undefined });
      const finish = async (emptyText: string) => {
        output.finish();
        updates.flush();
        const snapshot = output.snapshot();
        await output.close();
        return formatOutput(snapshot, output.lastLineSize, emptyText);
      };
      try {
        let exitCode: number | null;
        try {
          exitCode = await runSandboxed(options, policy, env, command, {
            onData: (chunk) => {
              output.append(chunk);
              updates.schedule();
            },
            signal,
            timeout,
          });
        } catch (error) {
          const { text } = await finish("");
          const message = error instanceof Error ? error.message : "";
          if (message === "aborted") throw new Error(withStatus(text, "Command aborted"));
          if (message.startsWith("timeout:"))
            throw new Error(
              withStatus(text, `Command timed out after ${message.slice("timeout:".length)} seconds`),
            );
          throw error;
        }
        const { text, details } = await finish("(no output)");
        if (exitCode !== 0 && exitCode !== null)
          throw new Error(withStatus(text, `Command exited with code ${exitCode}`));
        return { content: [{ type: "text", text }], details };
      } finally {
        updates.stop();
      }
    },
  };
}

const withStatus = (text: string, status: string): string => `${text ? `${text}\n\n` : ""}${status}`;

/** The model's view of a finished command: the tail, and a notice of what was cut and where all of it is. */
function formatOutput(
  snapshot: OutputSnapshot,
  lastLineSize: number,
  emptyText: string,
): { text: string; details: BashToolDetails | undefined } {
  const { truncation, fullOutputPath } = snapshot;
  const text = snapshot.content || emptyText;
  if (!truncation.truncated) return { text, details: undefined };
  const details: BashToolDetails = { truncation, ...(fullOutputPath ? { fullOutputPath } : {}) };
  const last = truncation.totalLines;
  const first = last - truncation.outputLines + 1;
  if (truncation.lastLinePartial) {
    return {
      text: `${text}\n\n[Showing last ${formatSize(truncation.outputBytes)} of line ${last} (line is ${formatSize(lastLineSize)}). Full output: ${fullOutputPath}]`,
      details,
    };
  }
  const bound = truncation.truncatedBy === "lines" ? "" : ` (${formatSize(TOOL_OUTPUT_MAX_BYTES)} limit)`;
  return {
    text: `${text}\n\n[Showing lines ${first}-${last} of ${last}${bound}. Full output: ${fullOutputPath}]`,
    details,
  };
}

/** Partial results for `onUpdate`: the output so far, at most every {@link BASH_UPDATE_INTERVAL_MS}. */
function throttledUpdates(
  output: CommandOutputTail,
  onUpdate: AgentToolUpdateCallback<BashToolDetails | undefined> | undefined,
): { schedule: () => void; flush: () => void; stop: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let dirty = false;
  let lastAt = 0;
  const stop = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
  };
  const flush = () => {
    stop();
    if (!onUpdate || !dirty) return;
    dirty = false;
    lastAt = Date.now();
    const snapshot = output.snapshot();
    onUpdate({
      content: [{ type: "text", text: snapshot.content }],
      details: snapshot.truncation.truncated
        ? {
            truncation: snapshot.truncation,
            ...(snapshot.fullOutputPath ? { fullOutputPath: snapshot.fullOutputPath } : {}),
          }
        : undefined,
    });
  };
  const schedule = () => {
    if (!onUpdate) return;
    dirty = true;
    const wait = BASH_UPDATE_INTERVAL_MS - (Date.now() - lastAt);
    if (wait <= 0) flush();
    else timer ??= setTimeout(flush, wait);
  };
  return { schedule, flush, stop };
}
