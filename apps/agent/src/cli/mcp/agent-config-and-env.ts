import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { type EnvRecord, type LoadedConfig, loadMonoAgentConfig } from "@mono-agent/config";
import type { CliIo } from "../cli-io.js";
import { EXIT_FAILURE, ExitError } from "../exit-error.js";
import { loadHostEnv } from "../host-env.js";
import { DEFAULT_CONFIG_FILE } from "../validate/validate-command.js";

/** The agent's config and the host env it was loaded with (`--config`, `--env-file`); errors name the fix. */
export async function loadConfigAndEnv(
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
