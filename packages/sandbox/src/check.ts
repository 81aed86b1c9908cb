export { checkSandboxConfig } from "./check/check-sandbox-config.js";
// The engine probe the check runs, for a host that starts it early (its answer is kept per PATH).
export { probeSandboxEngine, type SandboxEngineStatus } from "./node/probe-sandbox-engine.js";
