export {
  checkTriggersConfig,
  type TriggerCheckView,
  type TriggersCheckOptions,
} from "./check-triggers-config.js";
