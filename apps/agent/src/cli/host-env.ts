import { resolve } from "node:path";
import { CONFIG_FILE_MAX_BYTES, mergeEnvFile, parseEnvFile, readBoundedFileSync } from "@mono-agent/config";
import { EXIT_FAILURE, EXIT_USAGE, ExitError } from "./exit-error.js";

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
  // A FIFO, a device (/dev/zero) or a huge file is refused at once, never read without bound.
  const read = readBoundedFileSync(file, CONFIG_FILE_MAX_BYTES);
  if (read.status === "missing" && !explicit) return mergeEnvFile(options.exported, {});
  if (read.status !== "read") {
    const reason = read.status === "missing" ? "does not exist" : `is ${read.problem}`;
    throw new ExitError(
      `${explicit ? "--env-file" : "the default env file"} ${file} ${reason}; pass a readable dotenv file ` +
        `(KEY=VALUE lines, at most ${CONFIG_FILE_MAX_BYTES} bytes)`,
      explicit ? EXIT_USAGE : EXIT_FAILURE,
    );
  }
  return mergeEnvFile(options.exported, parseEnvFile(read.bytes.toString("utf8")));
}
