import { openPostgresSessionHistory } from "@mono-agent/session-history/postgres";
import type { PostgresPool } from "@mono-agent/storage/postgres";
import {
  type SessionHistorySidecar,
  type SessionHistorySidecarInput,
  sessionHistoryOptions,
  sidecarOf,
  type UnavailableSidecar,
} from "./session-history-sidecar.js";

/**
 * The sidecar on the shared PostgreSQL store (`storage.postgres`; its migrations are applied with the
 * other stores'), opened by `openPostgresSessionHistory`, with its observer and the SessionHistory
 * provider, and no cold reseed. When the store cannot be read, returns the error so the app still starts
 * without SessionHistory.
 */
export async function openPostgresSessionHistorySidecar(
  input: SessionHistorySidecarInput & { postgres: PostgresPool },
): Promise<SessionHistorySidecar | UnavailableSidecar> {
  const opened = await openPostgresSessionHistory({
    ...sessionHistoryOptions(input),
    postgres: input.postgres,
  });
  return sidecarOf(opened, input.policy);
}
