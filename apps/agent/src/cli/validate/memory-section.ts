import type { LoadedConfig } from "@mono-agent/config";
import { type CheckSection, section } from "./validate-report.js";

/** The Memory section: whether a memory block is configured, and what this build can serve from it. */
export function memorySection(loaded: LoadedConfig | undefined): CheckSection {
  const memory = loaded?.config.memory;
  if (!loaded || !memory || !loaded.memoryDir) {
    return section(
      "memory",
      "Memory",
      [
        {
          status: "disabled",
          message: "No memory block: Remember, MemoryRecall and MemoryJournal are off.",
        },
      ],
      "disabled",
    );
  }
  return section("memory", "Memory", [
    {
      status: "warning",
      code: "memory_store_unavailable",
      message: `A memory block is configured (${loaded.memoryDir}), but this version of mono-agent does not ship the memory store yet: Remember, MemoryRecall and MemoryJournal are not offered.`,
      suggestion: "remove the memory block until a release with @mono-agent/memory, or keep it for later",
    },
  ]);
}
