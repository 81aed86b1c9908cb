import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { type EnvRecord, type LoadedConfig, loadMonoAgentConfig } from "@mono-agent/config";
import type { CliIo } from "./cli-io.js";
import { EXIT_FAILURE, ExitError } from "./exit-error.js";
import { loadHostEnv } from "./host-env.js";
import { DEFAULT_CONFIG_FILE } from "./validate/validate-command.js";

/** Where an operator command finds the agent's config. */
export interface AgentConfigOptions {
  config?: string;
  envFile?: string;
}

/** The {@link AgentConfigOptions} of a command's parsed `--config` and `--env-file` flags. */
export function agentConfigOptions(values: {
  config?: string | undefined;
  "env-file"?: string | undefined;
}): AgentConfigOptions {
  return {
    ...(values.config ? { config: values.config } : {}),
    ...(values["env-file"] ? { envFile: values["env-file"] } : {}),
  };
}

/**
 * Loads the agent's config for an operator command (`--config`, `--env-file`), turning a missing file or
 * a bad config into an ExitError that names the fix.
 */
export async function loadAgentConfig(
  io: CliIo,
  options: { config?: string; envFile?: string },
): Promise<LoadedConfig> {
  return (await loadAgentConfigAndEnv(io, options)).loaded;
}

/** {@link loadAgentConfig}, also returning the host-resolved env it loaded the config with. */
export async function loadAgentConfigAndEnv(
  io: CliIo,
  options: { config?: string; envFile?: string },
): Promise<{ loaded: LoadedConfig; env: EnvRecord }> {
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
  return { loaded, env };
}
