// The engine probe the check runs, for a host that starts it early (its answer is kept per PATH).
export {
  checkSandboxConfig,
  probeSandboxEngine,
  type SandboxEngineStatus,
} from "./check/check-sandbox-config.js";
