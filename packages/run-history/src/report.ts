export { type RunListing, runListReport } from "./report/run-list-report.js";
export { type RunShowReport, runShowReport } from "./report/run-show-report.js";
