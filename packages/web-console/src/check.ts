export { checkWebConsoleConfig, type WebConsoleCheckOptions } from "./check/check-web-console-config.js";
export { webThreadStoreFile } from "./check/web-thread-store-file.js";
