import { existsSync } from "node:fs";
import { redactPostgresUrl } from "@mono-agent/storage";
import {
  type ContinuationStore,
  continuationStoreFile,
  openContinuationStore,
} from "./open-continuation-store.js";

/**
 * Opens the continuation store an operator command works on, directly (the service may be running: every
 * operator change is one conditional write guarded by the record's state and lease). With `postgres` (the
 * host's `storage.postgres`) it is the shared database, and pg is loaded only then; otherwise the SQLite
 * file in `stateDir`, or undefined when none exists yet (it is never created here).
 */
export async function openOperatorContinuationStore(options: {
  stateDir: string;
  postgres?: { url: string; schema: string } | undefined;
}): Promise<ContinuationStore | undefined> {
  const { postgres, stateDir } = options;
  if (postgres !== undefined) {
    const { openPostgresContinuationStore } = await import("./postgres/open-postgres-continuation-store.js");
    return openPostgresContinuationStore({
      url: postgres.url,
      schema: postgres.schema,
      displayUrl: redactPostgresUrl(postgres.url),
    });
  }
  if (!existsSync(continuationStoreFile(stateDir))) return undefined;
  return openContinuationStore({ stateDir, mustExist: true });
}
