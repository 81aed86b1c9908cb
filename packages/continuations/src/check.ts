export { checkContinuationsConfig } from "./check-continuations-config.js";
export { retentionSweepLine } from "./retention-sweep-line.js";
