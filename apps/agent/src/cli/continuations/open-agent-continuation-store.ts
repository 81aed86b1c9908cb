import { existsSync } from "node:fs";
import {
  type ContinuationStore,
  checkRetentionPolicy,
  continuationStoreFile,
  openContinuationStore,
  type RetentionPolicy,
} from "@mono-agent/continuations/node";
import { redactPostgresUrl } from "@mono-agent/storage";
import { continuationsStateDir } from "../../app/continuations/continuations-state-dir.js";
import { postgresStorageSettings } from "../../storage/agent-storage.js";
import type { CliIo } from "../cli-io.js";
import { failOnError, failureOf } from "../exit-error.js";
import { loadAgentConfigAndEnv } from "../load-agent-config.js";

/**
 * Loads the agent's config and opens its continuation store directly (the service may be running:
 * every operator change is one conditional write guarded by the record's state and lease). Returns
 * undefined when no store exists yet, and the configured retention (`continuations.retention`).
 */
export async function openAgentContinuationStore(
  io: CliIo,
  options: { config?: string; envFile?: string },
): Promise<{ stateDir: string; retention: RetentionPolicy; store: ContinuationStore | undefined }> {
  const { loaded, env } = await loadAgentConfigAndEnv(io, options);
  const stateDir = continuationsStateDir(loaded);
  const retention = checkRetentionPolicy(loaded.config.continuations?.retention);
  // With storage.postgres the records every host works are in the shared database.
  const settings = failOnError(() => postgresStorageSettings(loaded, env));
  if (settings !== undefined) {
    const { openPostgresContinuationStore } = await import("@mono-agent/continuations/postgres");
    return {
      stateDir,
      retention,
      store: failOnError(() =>
        openPostgresContinuationStore({
          url: settings.url,
          schema: settings.schema,
          displayUrl: redactPostgresUrl(settings.url),
        }),
      ),
    };
  }
  if (!existsSync(continuationStoreFile(stateDir))) return { stateDir, retention, store: undefined };
  try {
    return { stateDir, retention, store: openContinuationStore({ stateDir, mustExist: true }) };
  } catch (error) {
    throw failureOf(error);
  }
}
