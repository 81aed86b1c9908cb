import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { createSecretScanner, type SecretScanner } from "@mono-agent/evidence";
import { describeAsk } from "@mono-agent/interaction";
import * as recorder from "@mono-agent/run-history/recorder";
import { runStoreFile } from "@mono-agent/run-history/sqlite";
import type { PostgresPool } from "@mono-agent/storage/postgres";
import type { RunEvent } from "./run-events.js";
import { readSystemPrompt } from "./system-prompt.js";

/** Run recording of one app: the observer composed into every run, and the store behind it. */
export type RunRecordingService = recorder.RunRecordingService<RunEvent>;

/** The run store file of an agent: `<artifacts.dir>/runs.sqlite`. */
export function agentRunStoreFile(loaded: LoadedConfig): string {
  return runStoreFile(loaded.artifactsDir);
}

/**
 * The recorded warning of a run event: an ask is recorded as what it was (asked, then answered by whom
 * with what, expired or cancelled), as a runtime event of kind ask_<status>; a warning as itself.
 */
function warningOf(event: RunEvent): recorder.RecordedWarning | undefined {
  if (event.type === "ask") return { kind: `ask_${event.status}`, message: describeAsk(event) };
  if (event.type !== "warning") return undefined;
  return {
    kind: event.kind,
    message: event.message,
    ...(event.serverName !== undefined ? { serverName: event.serverName } : {}),
  };
}

/**
 * Run recording of the app (`startRunRecording` of run-history) over `<artifacts.dir>`, or with `postgres`
 * the store shared by every host, with `artifacts.retention`, `runtime.effort` and the instructions file as
 * each run's system prompt. Throws `store_failed` when the store cannot be opened.
 */
export function startRunRecording(
  loaded: LoadedConfig,
  env: EnvRecord,
  secretScanner: SecretScanner = createSecretScanner({ env }),
  postgres?: PostgresPool,
): Promise<RunRecordingService> {
  const { effort } = loaded.config.runtime;
  return recorder.startRunRecording<RunEvent>({
    artifactsDir: loaded.artifactsDir,
    retention: loaded.config.artifacts.retention,
    ...(effort !== undefined ? { effort } : {}),
    ...(postgres !== undefined ? { postgres } : {}),
    secretScanner,
    systemPrompt: () => readSystemPrompt(loaded.instructionsPath),
    warningOf,
  });
}
