export {
  type OpenPostgresWebThreadStoreOptions,
  openPostgresWebThreadStore,
} from "./node/postgres/open-postgres-web-thread-store.js";
export {
  type OpenSharedWebStoresOptions,
  openSharedWebStores,
} from "./node/postgres/open-shared-web-stores.js";
export {
  createPostgresWebEventHub,
  type PostgresWebEventHub,
  type PostgresWebEventHubOptions,
  WEB_EVENT_CHANNEL,
  WEB_EVENT_INLINE_MAX_BYTES,
} from "./node/postgres/postgres-web-event-hub.js";
export { WEB_CONSOLE_POSTGRES_MIGRATIONS } from "./node/postgres/web-console-postgres-migrations.js";
