import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { type LoadedConfig, loadMonoAgentConfig } from "@mono-agent/config";
import {
  type ContinuationStore,
  continuationStoreFile,
  openContinuationStore,
} from "@mono-agent/continuations/node";
import type { CliIo } from "../cli-io.js";
import { EXIT_FAILURE, ExitError } from "../exit-error.js";
import { loadHostEnv } from "../host-env.js";
import { DEFAULT_CONFIG_FILE } from "../validate/validate-command.js";

/** `continuations.stateDir` resolved, or its default beside the other state (reference §7.1). */
export function agentContinuationsStateDir(loaded: LoadedConfig): string {
  return loaded.continuationsStateDir ?? join(loaded.agentDir, ".mono-agent/continuations");
}

/**
 * Loads the agent's config and opens its continuation store directly (the service may be running:
 * every operator change is one conditional write guarded by the record's state and lease). Returns
 * undefined when no store exists yet.
 */
export async function openAgentContinuationStore(
  io: CliIo,
  options: { config?: string; envFile?: string },
): Promise<{ stateDir: string; store: ContinuationStore | undefined }> {
  const configPath = resolve(io.cwd, options.config ?? DEFAULT_CONFIG_FILE);
  if (!existsSync(configPath))
    throw new ExitError(
      `no config file at ${configPath}; run this in an agent folder or pass --config FILE`,
      EXIT_FAILURE,
    );
  const env = loadHostEnv({
    exported: io.env,
    cwd: io.cwd,
    agentDir: dirname(configPath),
    ...(options.envFile ? { envFile: options.envFile } : {}),
  });
  const loaded = await loadMonoAgentConfig({ configPath, cwd: io.cwd, env }).catch((error: unknown) => {
    throw new ExitError(
      `${error instanceof Error ? error.message : String(error)}\nrun \`mono-agent validate\` for every problem at once`,
      EXIT_FAILURE,
    );
  });
  const stateDir = agentContinuationsStateDir(loaded);
  if (!existsSync(continuationStoreFile(stateDir))) return { stateDir, store: undefined };
  try {
    return { stateDir, store: openContinuationStore({ stateDir, mustExist: true }) };
  } catch (error) {
    throw new ExitError(`${error instanceof Error ? error.message : String(error)}`, EXIT_FAILURE);
  }
}
