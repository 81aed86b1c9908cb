import type { ToolPolicy } from "@mono-agent/policy";
import {
  type SessionHistoryServerFactoryOptions,
  sessionHistoryToolServer,
} from "@mono-agent/session-history/sqlite";
import type { AppToolProvider } from "../tools/app-tool-provider.js";
import { requestScopedToolProvider } from "../tools/request-scoped-tool-provider.js";

/** SessionHistory as an app-owned tool (`sessionHistoryToolServer`), served per run on a request-scoped endpoint. */
export function sessionHistoryToolProvider(
  options: SessionHistoryServerFactoryOptions & { policy: ToolPolicy },
): AppToolProvider {
  return requestScopedToolProvider(sessionHistoryToolServer(options));
}
