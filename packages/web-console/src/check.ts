export { checkWebConsoleConfig, type WebConsoleCheckOptions } from "./check/check-web-console-config.js";
