import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { loadMonoAgentConfig } from "@mono-agent/config";
import { openRunStore, runStoreFile, type SqliteRunStore } from "@mono-agent/run-history/sqlite";
import type { CliIo } from "../cli-io.js";
import { EXIT_FAILURE, ExitError } from "../exit-error.js";
import { loadHostEnv } from "../host-env.js";
import { DEFAULT_CONFIG_FILE } from "../validate/validate-command.js";

/** The agent's run store opened read-only, or undefined when no run was ever recorded. */
export interface AgentRunStore {
  artifactsDir: string;
  store: SqliteRunStore | undefined;
}

/** Loads the agent's config (for `artifacts.dir`) and opens `<artifacts.dir>/runs.sqlite` read-only. */
export async function openAgentRunStore(
  io: CliIo,
  options: { config?: string; envFile?: string },
): Promise<AgentRunStore> {
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
  const file = runStoreFile(loaded.artifactsDir);
  if (!existsSync(file)) return { artifactsDir: loaded.artifactsDir, store: undefined };
  try {
    return { artifactsDir: loaded.artifactsDir, store: openRunStore({ file, readOnly: true }) };
  } catch (error) {
    throw new ExitError(
      `${error instanceof Error ? error.message : String(error)}\nthe run store may be damaged; move ${file} aside to start a new one`,
      EXIT_FAILURE,
    );
  }
}
