export { checkSandboxConfig } from "./check/check-sandbox-config.js";
