import type { LoadedConfig } from "@mono-agent/config";
import { checkMemoryConfig } from "@mono-agent/memory/check";
import { type CheckSection, section } from "./validate-report.js";

/** The Memory section of `mono-agent validate`: the findings of `@mono-agent/memory`'s own check. */
export async function memorySection(
  loaded: LoadedConfig | undefined,
  env?: Readonly<Record<string, string | undefined>>,
): Promise<CheckSection> {
  const { status, lines } = await checkMemoryConfig(loaded, env);
  return section("memory", "Memory", lines, status);
}
