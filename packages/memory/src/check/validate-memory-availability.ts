import type { LoadedConfig } from "@mono-agent/config";
import type { MemoryAvailability } from "@mono-agent/policy";

/**
 * Memory availability as `validate` sees it without opening the store for writing: the built-in tiers
 * (lite, journal) affirm durable writes and local journal browse; the remote Supermemory store affirms
 * neither; the bujo tier is not available in this version, so it affirms nothing.
 */
export function validateMemoryAvailability(loaded: LoadedConfig): MemoryAvailability {
  const memory = loaded.config.memory;
  const configured = memory !== undefined && loaded.memoryDir !== undefined;
  const local = configured && memory?.backend !== "supermemory" && memory?.mode !== "bujo";
  return {
    configured,
    recallEnabled: memory?.recallTool.enabled === true,
    rememberEnabled: memory?.rememberTool.enabled !== false,
    supportsRemember: local,
    supportsJournalBrowse: local,
    readOnly: false,
  };
}
