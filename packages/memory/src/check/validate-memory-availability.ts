import type { LoadedConfig } from "@mono-agent/config";
import type { MemoryAvailability } from "@mono-agent/policy";

/**
 * Memory availability as `validate` sees it without opening the store for writing: the lite store
 * (the only tier) affirms durable writes and local journal browse.
 */
export function validateMemoryAvailability(loaded: LoadedConfig): MemoryAvailability {
  const memory = loaded.config.memory;
  const configured = memory !== undefined && loaded.memoryDir !== undefined;
  return {
    configured,
    recallEnabled: memory?.recallTool.enabled === true,
    rememberEnabled: memory?.rememberTool.enabled !== false,
    supportsRemember: configured,
    supportsJournalBrowse: configured,
    readOnly: false,
  };
}
