/** Exit codes of the `mono-agent` CLI. */
export const EXIT_OK = 0;
/** The command ran and found errors (validate) or the run failed. */
export const EXIT_FAILURE = 1;
/** The command line itself was wrong: unknown command, unknown flag, missing argument. */
export const EXIT_USAGE = 2;
/** The run was cancelled (SIGINT), as shells report 128 + SIGINT. */
export const EXIT_CANCELLED = 130;

/**
 * Thrown by a command to end the CLI with a message that names the fix.
 * Only the entry point (`main`) turns it into output and an exit code.
 */
export class ExitError extends Error {
  override readonly name = "ExitError";
  constructor(
    message: string,
    readonly exitCode: number = EXIT_FAILURE,
  ) {
    super(message);
  }

  static isInstance(value: unknown): value is ExitError {
    return (
      value instanceof Error &&
      value.name === "ExitError" &&
      typeof (value as ExitError).exitCode === "number"
    );
  }
}

/** A usage error: exit code 2, with the command's usage line appended. */
export function usageError(message: string, usage: string): ExitError {
  return new ExitError(`${message}\nusage: ${usage}`, EXIT_USAGE);
}

/** An operator command's failure from a store or config error: its message, exit code 1. */
export function failureOf(error: unknown): ExitError {
  return new ExitError(error instanceof Error ? error.message : String(error), EXIT_FAILURE);
}

/** Runs `action`, turning what it throws into {@link failureOf}. */
export function failOnError<T>(action: () => T): T {
  try {
    return action();
  } catch (error) {
    throw failureOf(error);
  }
}
