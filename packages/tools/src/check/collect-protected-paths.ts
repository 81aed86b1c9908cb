import { dirname, join, resolve } from "node:path";
import type { LoadedConfig } from "@mono-agent/config";
import { isInsideDirectory } from "../is-inside-directory.js";
import type { ProtectedPaths } from "../protected-paths.js";

/** What {@link collectProtectedPaths} reads: the loaded config and the env file the host env came from. */
export interface CollectProtectedPathsInput {
  loaded: LoadedConfig;
  /** The `--env-file` the host env was filled from (absolute, or relative to `cwd`), when one was given. */
  envFile?: string;
  /** Base of a relative `envFile` (the CLI's working directory). Default: the agent folder. */
  cwd?: string;
}

/** The agent's state folder in the agent folder: keys, tokens, stores and artifacts by default. */
export const STATE_FOLDER_NAME = ".mono-agent";

/** The files SQLite keeps beside a database: the rollback journal and the WAL pair. */
const SQLITE_SIDE_FILES = ["", "-journal", "-wal", "-shm"] as const;

/**
 * The protected lists of one loaded config: the state folder `.mono-agent` of the agent folder, the
 * artifacts folder (run events, tool output, attachments), the stores beside it (conversations, web
 * threads, SessionHistory), the continuation state (secret.key, operator.token), the memory folder (only
 * the memory tools reach it), the config file, the mcp.json, the agent folder's `.env` and `.env.*` files
 * (by name, checked on every call) and the `--env-file`: no access. The instructions file: read-only. Paths inside another entry of the
 * same list are dropped, so the lists stay short.
 */
export function collectProtectedPaths(input: CollectProtectedPathsInput): ProtectedPaths {
  const { loaded } = input;
  const reasons: Record<string, string> = {};
  const noAccess: string[] = [];
  const add = (path: string, reason: string) => {
    const absolute = resolve(path);
    if (reasons[absolute] === undefined) {
      reasons[absolute] = reason;
      noAccess.push(absolute);
    }
  };
  const stateFolder = join(loaded.agentDir, STATE_FOLDER_NAME);
  add(stateFolder, "the agent's state folder (stores, keys and tokens)");
  add(loaded.artifactsDir, "the artifacts folder (run events, tool output, attachments)");
  const storesDir = dirname(loaded.artifactsDir);
  for (const suffix of SQLITE_SIDE_FILES) {
    add(join(storesDir, `conversations.sqlite${suffix}`), "the conversation store");
    add(join(storesDir, `web-threads.sqlite${suffix}`), "the web console's thread store");
  }
  add(join(storesDir, "history"), "the SessionHistory store");
  add(
    loaded.continuationsStateDir ?? join(stateFolder, "continuations"),
    "the continuation state (secret.key, operator.token)",
  );
  if (loaded.memoryDir !== undefined)
    add(loaded.memoryDir, "the memory folder (reach it through Remember, MemoryRecall and MemoryJournal)");
  add(loaded.configPath ?? join(loaded.agentDir, "mono-agent.config.json"), "the agent's config file");
  if (loaded.mcp.configPath !== undefined) add(loaded.mcp.configPath, "the mcp.json of the agent");
  add(join(loaded.agentDir, ".env"), "the agent's env file");
  if (input.envFile !== undefined)
    add(resolve(input.cwd ?? loaded.agentDir, input.envFile), "the env file given with --env-file");
  const readOnly = [resolve(loaded.instructionsPath)];
  reasons[readOnly[0]!] = "the instructions file (runtime.instructions)";
  const noAccessNames = [
    { directory: resolve(loaded.agentDir), names: ENV_FILE_NAMES, reason: "an env file of the agent folder" },
  ];
  return { noAccess: withoutNested(noAccess), readOnly, reasons, noAccessNames };
}

/**
 * The env files of the agent folder, protected by name whenever they appear (`.env.production` written
 * while `serve` runs included), not listed once at start.
 */
export const ENV_FILE_NAMES: readonly string[] = [".env", ".env.*"];

function withoutNested(paths: readonly string[]): string[] {
  return paths.filter(
    (path, index) =>
      !paths.some(
        (other, otherIndex) => otherIndex !== index && other !== path && isInsideDirectory(other, path),
      ),
  );
}
