import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { loadMonoAgentConfig, type MemoryConfig, MonoAgentConfigError } from "@mono-agent/config";
import { configuredMemoryRoot } from "@mono-agent/memory/check";
import type { CliIo } from "../cli-io.js";
import { EXIT_FAILURE, EXIT_USAGE, ExitError } from "../exit-error.js";
import { loadHostEnv } from "../host-env.js";

/** The config file looked for in the current folder when --config is not given. */
const DEFAULT_CONFIG_FILE = "mono-agent.config.json";

/** The memory block of the agent folder's config, its root and the host env. */
export interface MemoryContext {
  root: string;
  memory: MemoryConfig;
  env: Readonly<Record<string, string | undefined>>;
}

/** The memory root of the agent folder, from its config (memory.path, env overrides applied). */
export async function resolveMemoryRoot(
  io: CliIo,
  options: { config?: string; envFile?: string },
): Promise<string> {
  return (await resolveMemoryContext(io, options)).root;
}

/** The memory block, root and host env of the agent folder (for the tier-aware commands). */
export async function resolveMemoryContext(
  io: CliIo,
  options: { config?: string; envFile?: string },
): Promise<MemoryContext>;
export async function resolveMemoryContext(
  io: CliIo,
  options: { config?: string; envFile?: string },
  allowUnconfigured: true,
): Promise<MemoryContext | undefined>;
export async function resolveMemoryContext(
  io: CliIo,
  options: { config?: string; envFile?: string },
  allowUnconfigured = false,
): Promise<MemoryContext | undefined> {
  const configPath = resolve(io.cwd, options.config ?? DEFAULT_CONFIG_FILE);
  if (!existsSync(configPath)) {
    throw new ExitError(
      `no config file at ${configPath}; run it in an agent folder or pass --config FILE`,
      options.config ? EXIT_USAGE : EXIT_FAILURE,
    );
  }
  const env = loadHostEnv({
    exported: io.env,
    cwd: io.cwd,
    agentDir: dirname(configPath),
    ...(options.envFile ? { envFile: options.envFile } : {}),
  });
  const loaded = await loadMonoAgentConfig({ configPath, cwd: io.cwd, env }).catch((error: unknown) => {
    if (!MonoAgentConfigError.isInstance(error)) throw error;
    throw new ExitError(`${error.message}\nrun \`mono-agent validate\` for details`);
  });
  if (allowUnconfigured && (!loaded.config.memory || !loaded.memoryDir)) return undefined;
  const memory = configuredMemoryRoot(loaded);
  if ("problem" in memory) throw new ExitError(memory.problem);
  if (!loaded.config.memory) throw new ExitError("memory is not configured: add a memory block");
  return { root: memory.root, memory: loaded.config.memory, env };
}
