export {
  MEMORY_TOOL_NAMES,
  type MemoryToolServer,
  type MemoryTools,
  type MemoryToolsConfig,
  memoryAvailability,
  memoryToolDecisions,
  openMemoryTools,
} from "./open-memory-tools.js";
export {
  type MemoryStoreConfig,
  type OpenConfiguredMemoryStoreOptions,
  openConfiguredMemoryStore,
  openConfiguredRemoteStore,
} from "./open-configured-memory-store.js";
export {
  type MemoryTierContext,
  memoryAuditReport,
  memoryRollbackReport,
  memoryTierRebuildReport,
  memoryTierSearchReport,
} from "./memory-tier-reports.js";
