export {
  openPostgresWebhookDeliveryStore,
  type PostgresWebhookDeliveryStoreOptions,
  TRIGGERS_POSTGRES_MIGRATIONS,
} from "./postgres/open-postgres-webhook-delivery-store.js";
