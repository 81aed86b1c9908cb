export {
  acquireSchedulerLock,
  SCHEDULER_LOCK_FILE,
  type SchedulerLock,
} from "./sqlite/acquire-scheduler-lock.js";
export {
  openTriggerStateStore,
  TRIGGER_STATE_FILE,
  TRIGGER_STORE_BUSY_TIMEOUT_MS,
} from "./sqlite/open-trigger-state-store.js";
export {
  openWebhookDeliveryStore,
  type WebhookDeliveryStoreOptions,
} from "./sqlite/open-webhook-delivery-store.js";
