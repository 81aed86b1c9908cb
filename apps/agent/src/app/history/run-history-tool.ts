import type { ToolPolicy } from "@mono-agent/policy";
import { type RunHistoryServerFactoryOptions, runHistoryToolServer } from "@mono-agent/run-history/recorder";
import type { AppToolProvider } from "../tools/app-tool-provider.js";
import { requestScopedToolProvider } from "../tools/request-scoped-tool-provider.js";

/** RunHistory as an app-owned tool (`runHistoryToolServer`), served per run on a request-scoped endpoint. */
export function runHistoryToolProvider(
  options: RunHistoryServerFactoryOptions & { policy: ToolPolicy },
): AppToolProvider {
  return requestScopedToolProvider(runHistoryToolServer(options));
}
