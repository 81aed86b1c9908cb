export { contentHash } from "./content-hash.js";
export { applyForget, restoreForget } from "./forget-apply.js";
export { type ForgetPlan, prepareForget } from "./forget-plan.js";
export { forgetApplyReport, forgetPrepareReport, forgetRestoreReport } from "./forget-reports.js";
export { inspectLiteMemory, type LiteMemoryReport } from "./inspect-lite-memory.js";
export { type LiteMemoryStore, type LiteMemoryStoreOptions, openLiteMemoryStore } from "./lite-store.js";
export { utcDate } from "./memory-paths.js";
export {
  memoryDayReport,
  memoryRebuildReport,
  memorySearchReport,
  memoryStatsReport,
} from "./memory-read-reports.js";
export { type MemoryReport, memoryErrorLine, memoryReportLine } from "./memory-report.js";
export { type DayMemories, readDayMemories } from "./read-day-memories.js";
export { runningAgentPid } from "./runtime-marker.js";
