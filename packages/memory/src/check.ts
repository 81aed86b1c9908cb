export { checkMemoryConfig } from "./check/check-memory-config.js";
export { memoryRootProblem } from "./check/memory-root-problem.js";
export { validateMemoryAvailability } from "./check/validate-memory-availability.js";
