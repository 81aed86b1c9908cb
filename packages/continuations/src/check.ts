export { checkContinuationsConfig } from "./check/check-continuations-config.js";
export { retentionSweepLine } from "./check/retention-sweep-line.js";
