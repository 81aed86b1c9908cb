export {
  type CatchUpRule,
  type DueFire,
  dueFire,
  MISSED_COUNT_LIMIT,
  ON_TIME_WINDOW_MS,
} from "./catch-up.js";
export { type CronSchedule, parseCronSchedule } from "./cron-schedule.js";
export { TriggerError, type TriggerErrorCode } from "./trigger-error.js";
export {
  triggerPrompt,
  UNTRUSTED_BODY_OPENING,
  WEBHOOK_BODY_PROMPT_MAX_CHARACTERS,
} from "./trigger-prompt.js";
export {
  createTriggerScheduler,
  type ParsedSchedule,
  parseSchedules,
  SCHEDULER_MAX_WAIT_MS,
  type ScheduledTrigger,
  type SchedulerEvent,
  type TriggerScheduler,
  type TriggerSchedulerOptions,
} from "./trigger-scheduler.js";
export type { ScheduleState, TriggerStateStore } from "./trigger-state-store.js";
export {
  bearerMatches,
  signWebhookBody,
  verifyWebhookSignature,
} from "./webhook-checks.js";
export { type WebhookDeliveryId, webhookDeliveryId } from "./webhook-delivery-id.js";
export {
  WEBHOOK_DELIVERY_WINDOW_MS,
  type WebhookDeliveryRecord,
  type WebhookDeliveryStore,
} from "./webhook-delivery-store.js";
export { webhookPath } from "./webhook-path.js";
export { WEBHOOK_RUNS_PER_MINUTE_MAX } from "./webhook-run-rate.js";
export {
  WEBHOOK_TIMESTAMP_TOLERANCE_MS,
  type WebhookTimestamp,
  webhookTimestamp,
} from "./webhook-timestamp.js";
