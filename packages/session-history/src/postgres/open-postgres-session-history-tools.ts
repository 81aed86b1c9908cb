import type { PostgresPool } from "@mono-agent/storage/postgres";
import {
  type OpenSessionHistoryToolsOptions,
  type SessionHistoryTools,
  sessionHistoryOptions,
  sessionHistoryToolsOf,
  type UnavailableSessionHistoryTools,
} from "../host/session-history-tools.js";
import { openPostgresSessionHistory } from "./open-postgres-session-history.js";

/**
 * The session history tools on the shared PostgreSQL store (`storage.postgres`; its migrations are applied
 * with the other stores'), opened by `openPostgresSessionHistory`, with its observer and the SessionHistory
 * provider, and no cold reseed. When the store cannot be read, returns the error so the host still starts
 * without SessionHistory.
 */
export async function openPostgresSessionHistoryTools<Provider>(
  options: OpenSessionHistoryToolsOptions<Provider> & { postgres: PostgresPool },
): Promise<SessionHistoryTools<Provider> | UnavailableSessionHistoryTools> {
  const opened = await openPostgresSessionHistory({
    ...sessionHistoryOptions(options),
    postgres: options.postgres,
  });
  return sessionHistoryToolsOf(opened, options.policy, options.serve);
}
