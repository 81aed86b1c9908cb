import type { LoadedConfig } from "@mono-agent/config";
import { resolveRunServerSpecs } from "./resolve-run-server-specs.js";
import type { RunStdioServerSpec } from "./run-server-spec.js";

/**
 * The stdio servers a run can start before it begins (`prelaunchStdioServers`): the declared, enabled
 * and resolvable ones, except those that get per-run env from a preparer (request context and
 * continuation claims), which only the run itself can start.
 */
export function prelaunchableServers(
  loaded: LoadedConfig,
  env: Readonly<Record<string, string | undefined>>,
): RunStdioServerSpec[] {
  const perRun = new Set([
    ...loaded.config.tools.mcpRequestContextServers,
    ...loaded.config.tools.continuationServers,
  ]);
  try {
    return resolveRunServerSpecs(loaded, env).servers.filter(
      (spec): spec is RunStdioServerSpec => spec.transport === "stdio" && !perRun.has(spec.name),
    );
  } catch {
    // Whatever stops the resolution here stops the run's own, which reports it as it always has.
    return [];
  }
}
