import { createSecretScanner, truncateUtf8 } from "@mono-agent/evidence";
import type { ProgressReport, ProgressState } from "./progress-report.js";

/** The `progress` run event of a request-context server's report (one of the host's run events). */
export interface ProgressRunEvent {
  type: "progress";
  key: string;
  message: string;
  state: ProgressState;
}

/** The run a progress report belongs to, as the host knows it (the app's `RunStartInfo` fits). */
export interface ProgressRunInfo {
  request: { onEvent?: (event: ProgressRunEvent) => void };
}

/** Who hears a run's progress events besides the request (the app's `RunObserver` fits). */
export interface ProgressObserver<Info> {
  onRunEvent?(info: Info, event: ProgressRunEvent): void;
}

/**
 * Most bytes of a progress message in a run event: enough for a status sentence or two, small
 * enough to stay one line group in the CLI. Longer messages are cut with a truncation marker.
 */
export const PROGRESS_EVENT_MESSAGE_MAX_BYTES = 2048;

/** Most bytes of a progress key in a run event. */
export const PROGRESS_EVENT_KEY_MAX_BYTES = 256;

/**
 * Turns a server's progress report into a `progress` run event of `info`'s run: key and message
 * pass through the secret scanner (configured credential values of `env`, the run's own progress
 * bearer, token shapes) and are bounded, then go to every observer and to the request's `onEvent`.
 */
export function createProgressEmitter<Info extends ProgressRunInfo>(options: {
  info: Info;
  observers: readonly ProgressObserver<Info>[];
  env: Readonly<Record<string, string | undefined>>;
  secrets: readonly string[];
}): (report: ProgressReport) => void {
  const scanner = createSecretScanner({ env: options.env, values: options.secrets });
  return (report) => {
    const event: ProgressRunEvent = {
      type: "progress",
      key: truncateUtf8(scanner.replaceSecrets(report.key), PROGRESS_EVENT_KEY_MAX_BYTES),
      message: truncateUtf8(scanner.replaceSecrets(report.message), PROGRESS_EVENT_MESSAGE_MAX_BYTES),
      state: report.state,
    };
    for (const observer of options.observers) {
      try {
        observer.onRunEvent?.(options.info, event);
      } catch {
        // Observers never fail a run, nor the server that reported progress.
      }
    }
    options.info.request.onEvent?.(event);
  };
}
