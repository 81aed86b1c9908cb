export {
  DEMO_API,
  DEMO_MODEL_REFS,
  DEMO_PROVIDER,
  demoModel,
  demoProvider,
} from "./demo-model.js";
export { type DemoReply, planDemoReply } from "./demo-script.js";
