export { checkSandboxConfig } from "./check-sandbox-config.js";
