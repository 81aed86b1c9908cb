export { contentHash } from "./content-hash.js";
export { applyForget, restoreForget } from "./forget-apply.js";
export { type ForgetPlan, prepareForget } from "./forget-plan.js";
export { inspectLiteMemory, type LiteMemoryReport } from "./inspect-lite-memory.js";
export { type LiteMemoryStore, type LiteMemoryStoreOptions, openLiteMemoryStore } from "./lite-store.js";
export { utcDate } from "./memory-paths.js";
export { type DayMemories, readDayMemories } from "./read-day-memories.js";
export { runningAgentPid } from "./runtime-marker.js";
