import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { mergeEnvFile, parseEnvFile } from "@mono-agent/config";
import { EXIT_USAGE, ExitError } from "./exit-error.js";

/**
 * The host-resolved environment: the exported variables of the process, filled (never overridden) from
 * `--env-file <path>` when given, else from `.env` in the agent folder when it exists.
 * An explicit `--env-file` that cannot be read is an error; a missing default `.env` is not.
 */
export function loadHostEnv(options: {
  exported: Readonly<Record<string, string | undefined>>;
  cwd: string;
  agentDir: string;
  envFile?: string;
}): Record<string, string> {
  const explicit = options.envFile !== undefined;
  const file = explicit ? resolve(options.cwd, options.envFile as string) : resolve(options.agentDir, ".env");
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if (explicit) {
      const reason = (error as NodeJS.ErrnoException).code === "ENOENT" ? "does not exist" : "cannot be read";
      throw new ExitError(
        `--env-file ${file} ${reason}; pass a readable dotenv file (KEY=VALUE lines)`,
        EXIT_USAGE,
      );
    }
    return mergeEnvFile(options.exported, {});
  }
  return mergeEnvFile(options.exported, parseEnvFile(text));
}
