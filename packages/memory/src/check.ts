export { checkMemoryConfig } from "./check/check-memory-config.js";
export { configuredMemoryRoot } from "./check/configured-memory-root.js";
export { memoryRootProblem } from "./check/memory-root-problem.js";
export { validateMemoryAvailability } from "./check/validate-memory-availability.js";
