import type { RunServerPreparer } from "./run/run-observer.js";

/** A part of the app that could not start; runs go on without it and say so. */
export interface StartupWarning {
  kind: string;
  message: string;
}

/**
 * Starts an optional part of the app; when it fails, returns undefined and records a warning instead of
 * failing the whole app (`mono-agent validate` reports the cause as an error).
 */
export async function startOptional<T>(
  warnings: StartupWarning[],
  kind: string,
  what: string,
  start: () => T | Promise<T>,
): Promise<T | undefined> {
  try {
    return await start();
  } catch (error) {
    warnings.push({
      kind,
      message: `${what} is off for this process: ${error instanceof Error ? error.message : String(error)}`,
    });
    return undefined;
  }
}

/** A preparer that repeats the app's startup warnings on every run, so each run record carries them. */
export function startupWarningsPreparer(warnings: readonly StartupWarning[]): RunServerPreparer {
  return async (_info, servers) => ({
    servers: [...servers],
    warnings: warnings.map((warning) => ({ ...warning })),
  });
}
