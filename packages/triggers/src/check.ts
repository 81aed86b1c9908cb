export {
  checkTriggersConfig,
  type TriggerCheckView,
  type TriggersCheckOptions,
} from "./check/check-triggers-config.js";
