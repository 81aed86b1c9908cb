import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { checkBuiltinTools, resolveWebSearchProvider } from "@mono-agent/tools/check";
import type { CheckLine } from "./validate-report.js";

/** The WebSearch and skills lines of the Tools & MCP section: `@mono-agent/tools`' own check. */
export async function builtinToolLines(
  loaded: LoadedConfig | undefined,
  env: EnvRecord,
): Promise<CheckLine[]> {
  if (!loaded) return [];
  return checkBuiltinTools(loaded, { resolveWebSearch: () => resolveWebSearchProvider(loaded, env) });
}
