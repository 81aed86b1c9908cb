export { webThreadStoreFile } from "./check/web-thread-store-file.js";
export { detectWebFeatures, type WebFeaturesHost } from "./node/detect-web-features.js";
export { memoryPageSource, type WebMemoryReader } from "./node/memory-page-source.js";
export { generateOperatorToken } from "./node/operator-token.js";
export {
  fileRunsPageSource,
  storeRunsPageSource,
  type WebRunListStore,
  type WebRunSummaryRecord,
} from "./node/runs-page-source.js";
export {
  type StartWebConsoleOptions,
  startWebConsole,
  type WebConsole,
} from "./node/start-web-console.js";
export type { WebServer } from "./node/web-server.js";
export { isTitleWritable } from "./node/web-thread-rows.js";
export { createWebThreadStore, type WebThreadStore } from "./node/web-thread-store.js";
