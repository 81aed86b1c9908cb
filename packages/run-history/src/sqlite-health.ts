export { currentRunOwner, isRunOwnerAlive } from "./sqlite/process-owner.js";
export { type RunsHealth, readRunsHealth } from "./sqlite/read-runs-health.js";
export { runStoreFile } from "./sqlite/run-artifact-paths.js";
