export { checkMemoryConfig } from "./check-memory-config.js";
export { memoryRootProblem } from "./memory-root-problem.js";
export { validateMemoryAvailability } from "./validate-memory-availability.js";
