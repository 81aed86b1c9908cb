export {
  createDeclaredTriggerScheduler,
  type DeclaredSchedulerEvent,
  type DeclaredTriggerScheduler,
  type DeclaredTriggerSchedulerOptions,
  parseDeclaredSchedules,
} from "./declared/declared-trigger-scheduler.js";
export { type DeclaredTrigger, declaredTriggers, findTrigger } from "./declared/declared-triggers.js";
export {
  describeSchedulerEvent,
  describeTriggerRun,
  describeWebhookRun,
  TRIGGER_TABLE_HEADER,
  triggerTableRow,
} from "./declared/describe-trigger-outcomes.js";
export { describeTriggers, type TriggerView } from "./declared/describe-triggers.js";
export {
  type RunTriggerOptions,
  runTrigger,
  type StartTriggerThread,
  type TriggerHost,
  type TriggerHostRunRequest,
  type TriggerHostRunResult,
  type TriggerRunOutcome,
  type TriggerThreadRunRequest,
} from "./declared/run-trigger.js";
