import {
  type ContinuationStore,
  checkRetentionPolicy,
  openOperatorContinuationStore,
  type RetentionPolicy,
} from "@mono-agent/continuations/node";
import { continuationsStateDir } from "../../app/continuations/continuations-state-dir.js";
import { postgresStorageSettings } from "../../storage/agent-storage.js";
import type { CliIo } from "../cli-io.js";
import { failOnError, failureOf } from "../exit-error.js";
import { loadAgentConfigAndEnv } from "../load-agent-config.js";

/**
 * Loads the agent's config and opens its continuation store (undefined when none exists yet), with the
 * configured retention (`continuations.retention`).
 */
export async function openAgentContinuationStore(
  io: CliIo,
  options: { config?: string; envFile?: string },
): Promise<{ stateDir: string; retention: RetentionPolicy; store: ContinuationStore | undefined }> {
  const { loaded, env } = await loadAgentConfigAndEnv(io, options);
  const stateDir = continuationsStateDir(loaded);
  const retention = checkRetentionPolicy(loaded.config.continuations?.retention);
  // With storage.postgres the records every host works are in the shared database.
  const postgres = failOnError(() => postgresStorageSettings(loaded, env));
  const store = await openOperatorContinuationStore({ stateDir, postgres }).catch((error: unknown) => {
    throw failureOf(error);
  });
  return { stateDir, retention, store };
}
