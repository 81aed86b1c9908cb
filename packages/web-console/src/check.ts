export { checkWebConsoleConfig, type WebConsoleCheckOptions } from "./check-web-console-config.js";
