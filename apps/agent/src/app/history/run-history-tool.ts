import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { createSecretScanner } from "@mono-agent/evidence";
import { evaluateTool, RUN_HISTORY_SERVER_NAME, type ToolPolicy } from "@mono-agent/policy";
import type { RunEventReader, RunStore } from "@mono-agent/run-history";
import {
  createRunHistoryServerFactory,
  type RunHistoryServerFactoryOptions,
} from "@mono-agent/run-history/recorder";
import type { AppToolProvider } from "../tools/app-tool-provider.js";
import { requestScopedToolProvider } from "../tools/request-scoped-tool-provider.js";

/** Options of {@link runHistoryToolProvider}: the server factory's, and the tool policy. */
export interface RunHistoryToolProviderOptions extends RunHistoryServerFactoryOptions {
  policy: ToolPolicy;
}

/**
 * RunHistory as an app-owned tool: offered when the tool policy allows `RunHistory` (allow-all, the name,
 * its deprecated alias `run_history` or an `mcp__mono-agent-run-history__…` spelling; deny wins), served per
 * run on a request-scoped loopback endpoint bound to the run's own runId and conversationId.
 */
export function runHistoryToolProvider(options: RunHistoryToolProviderOptions): AppToolProvider {
  const createServer = createRunHistoryServerFactory(options);
  return requestScopedToolProvider({
    serverName: RUN_HISTORY_SERVER_NAME,
    isOffered: () => evaluateTool(options.policy, "RunHistory").decision === "offered",
    createServer,
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
