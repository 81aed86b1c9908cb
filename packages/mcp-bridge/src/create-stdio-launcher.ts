import type { ChildProcess } from "node:child_process";
import { buildChildEnv } from "./build-child-env.js";
import {
  type ProcessCloseGrace,
  ProcessGroupStdioTransport,
  SIGKILL_WAIT_MS,
  SIGTERM_GRACE_MS,
  STDIN_EOF_GRACE_MS,
} from "./process-group-stdio-transport.js";
import type { ProcessGroupCommand } from "./spawn-process-group.js";
import type { StdioLauncher } from "./stdio-launcher.js";

/**
 * Characters of a server's stderr shown in a warning or error message: its first error line and its
 * last lines. 500 holds a Node "Cannot find module" message with the end of its stack, and stays one
 * readable paragraph in a terminal.
 */
export const STDERR_EXCERPT_CHARS = 500;

/** Options of {@link createStdioLauncher}. */
export interface StdioLauncherOptions {
  /** The host env, passed in (the bridge never reads `process.env`); only the SDK defaults and `passthrough` are read. */
  hostEnv: Readonly<Record<string, string | undefined>>;
  /** Host env names copied into every child when set (`tools.mcpEnvPassthrough`). Default none. */
  passthrough?: readonly string[];
  /** Grace periods when ending a process group (defaults: 1 s after stdin EOF, 2 s after SIGTERM). */
  closeGrace?: Partial<ProcessCloseGrace>;
  /**
   * Starts each server's process group (stdin, stdout and stderr piped; the child must lead a new group).
   * Default: a plain detached spawn. A host passes its own to add a watchdog, as `mono-agent` does so
   * that no server outlives a killed host.
   */
  spawn?: (command: ProcessGroupCommand) => ChildProcess;
}

/**
 * The stdio launcher for Node hosts: each server runs as `command args` in its own process group with
 * the env of {@link buildChildEnv} (never the whole host env), stderr read into a bounded tail, and
 * `close()` ending the whole group (stdin EOF, SIGTERM, SIGKILL, each after a bounded grace).
 */
export function createStdioLauncher(options: StdioLauncherOptions): StdioLauncher {
  const passthrough = options.passthrough ?? [];
  const closeBoundMs =
    (options.closeGrace?.stdinEofMs ?? STDIN_EOF_GRACE_MS) +
    (options.closeGrace?.sigtermMs ?? SIGTERM_GRACE_MS) +
    SIGKILL_WAIT_MS;
  return {
    closeBoundMs,
    launch: (spec, onStderr) => {
      const transport = new ProcessGroupStdioTransport({
        command: spec.command,
        args: spec.args,
        env: buildChildEnv({ hostEnv: options.hostEnv, passthrough, serverEnv: spec.env }),
        ...(spec.cwd !== undefined ? { cwd: spec.cwd } : {}),
        ...(onStderr ? { onStderr } : {}),
        ...(options.closeGrace ? { closeGrace: options.closeGrace } : {}),
        ...(options.spawn ? { spawn: options.spawn } : {}),
      });
      return {
        transport,
        stderrTail: () => transport.stderrTail.text(),
        describeExit: () => {
          const exit = transport.exit;
          const parts: string[] = [];
          if (exit?.signal) parts.push(`killed by ${exit.signal}`);
          else if (exit && exit.code !== null) parts.push(`exit code ${exit.code}`);
          const stderr = transport.stderrTail.excerpt(STDERR_EXCERPT_CHARS);
          if (stderr) parts.push(`stderr: ${JSON.stringify(stderr)}`);
          return parts.length > 0 ? ` (${parts.join("; ")})` : "";
        },
        close: () => transport.close(),
      };
    },
  };
}
