/** What a command may touch of its process: streams, environment and working directory. Tests pass their own. */
export interface CliIo {
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean };
  readonly stderr: NodeJS.WritableStream & { isTTY?: boolean };
  readonly stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  /** The exported environment of the process (a `.env` file may add to it, never override it). */
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly cwd: string;
  /**
   * Aborted when stdout can no longer be written, e.g. its reader went away (`mono-agent run … | head -1`
   * gives EPIPE). Commands that keep working after their first output (a run) stop on it.
   */
  readonly outputClosed?: AbortSignal;
}

/**
 * The real process's streams. A failed write to stdout or stderr (EPIPE when the reader of a pipe exits)
 * would otherwise crash the process with an unhandled 'error' event; here it aborts `outputClosed`, and
 * later writes to that stream are dropped, like the output of a program killed by SIGPIPE.
 */
export function processIo(): CliIo {
  const outputClosed = new AbortController();
  process.stdout.on("error", (error) => {
    if (!outputClosed.signal.aborted) outputClosed.abort(error);
  });
  process.stderr.on("error", () => {});
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    stdin: process.stdin,
    env: process.env,
    cwd: process.cwd(),
    outputClosed: outputClosed.signal,
  };
}
