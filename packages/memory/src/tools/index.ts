export {
  MEMORY_TOOL_NAMES,
  type MemoryToolServer,
  type MemoryTools,
  type MemoryToolsConfig,
  memoryAvailability,
  memoryToolDecisions,
  openMemoryTools,
} from "./open-memory-tools.js";
