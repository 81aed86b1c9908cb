export { builtinModulesLoadedBy } from "./builtin-modules-loaded-by.js";
export { exportedNames } from "./exported-names.js";
export { liveProcesses, processesWith } from "./live-processes.js";
export { removeTempDirs, tempDir } from "./temp-dirs.js";
export {
  WAIT_FOR_DEFAULT_INTERVAL_MS,
  WAIT_FOR_DEFAULT_TIMEOUT_MS,
  type WaitForOptions,
  waitFor,
} from "./wait-for.js";
