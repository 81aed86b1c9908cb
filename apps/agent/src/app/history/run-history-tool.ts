import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { createSecretScanner, type SecretScanner } from "@mono-agent/evidence";
import { shortDigest } from "@mono-agent/evidence/node";
import { evaluateTool, RUN_HISTORY_SERVER_NAME, type ToolPolicy } from "@mono-agent/policy";
import {
  createRunHistoryServer,
  createRunSearchCache,
  type RunEventReader,
  type RunHistoryRollover,
  type RunStore,
} from "@mono-agent/run-history";
import { createRunEventReader } from "@mono-agent/run-history/sqlite";
import type { AppToolProvider } from "../tools/app-tool-provider.js";
import { requestScopedToolProvider } from "../tools/request-scoped-tool-provider.js";

/** Options of {@link runHistoryToolProvider}. */
export interface RunHistoryToolProviderOptions {
  /** The run store the recorder writes (reused, never opened a second time). */
  store: RunStore;
  /** `<artifacts.dir>`: where `run-<runId>.events.jsonl` files are read; never shown to the model. */
  artifactsDir: string;
  /** Reads a run's events; default the events files of `artifactsDir` (PostgreSQL: the `run_events` table). */
  readEvents?: RunEventReader;
  policy: ToolPolicy;
  /** `runtime.session.rollover`: with `daily`, every `#YYYY-MM-DD` bucket of the run's conversation is in scope. */
  rollover: RunHistoryRollover;
  /** Scanner with the host's configured credential values. */
  secretScanner?: SecretScanner;
}

/**
 * RunHistory as an app-owned tool: offered when the tool policy allows `RunHistory` (allow-all, the name,
 * its deprecated alias `run_history` or an `mcp__mono-agent-run-history__…` spelling; deny wins), served per
 * run on a request-scoped loopback endpoint bound to the run's own runId and conversationId.
 */
export function runHistoryToolProvider(options: RunHistoryToolProviderOptions): AppToolProvider {
  const readEvents = options.readEvents ?? createRunEventReader(options.artifactsDir);
  const searchCache = createRunSearchCache();
  return requestScopedToolProvider({
    serverName: RUN_HISTORY_SERVER_NAME,
    isOffered: () => evaluateTool(options.policy, "RunHistory").decision === "offered",
    createServer: (run) =>
      createRunHistoryServer({
        store: options.store,
        readEvents,
        runId: run.runId,
        conversationId: run.conversationId,
        rollover: options.rollover,
        digest: shortDigest,
        searchCache,
        privatePaths: [options.artifactsDir],
        ...(options.secretScanner ? { secretScanner: options.secretScanner } : {}),
      }),
  });
}

/**
 * The RunHistory provider of an app, over the store its run recorder opened (none when recording is
 * off: there is then no history to read). Rollover from `runtime.session.rollover`.
 */
export function runHistoryProviders(input: {
  loaded: LoadedConfig;
  env: EnvRecord;
  policy: ToolPolicy;
  store: RunStore | undefined;
  readEvents?: RunEventReader;
}): AppToolProvider[] {
  if (!input.store) return [];
  return [
    runHistoryToolProvider({
      store: input.store,
      ...(input.readEvents ? { readEvents: input.readEvents } : {}),
      artifactsDir: input.loaded.artifactsDir,
      policy: input.policy,
      rollover: input.loaded.config.runtime.session?.rollover ?? "none",
      secretScanner: createSecretScanner({ env: input.env }),
    }),
  ];
}
