export { damagedRunStoreMessage } from "./report/damaged-run-store-message.js";
export { type RunListing, runListReport } from "./report/run-list-report.js";
export { type RunShowReport, runShowReport } from "./report/run-show-report.js";
export type { RunStoreLocation, RunsForReading } from "./report/runs-for-reading.js";
