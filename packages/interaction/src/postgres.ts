/**
 * The ask and approval store several hosts share, on PostgreSQL (`storage.postgres`). Its own entry so a
 * host on SQLite never loads pg.
 */
export {
  INTERACTION_POSTGRES_MIGRATIONS,
  type OpenPostgresInteractionStoreOptions,
  openPostgresInteractionStore,
} from "./postgres/open-postgres-interaction-store.js";
