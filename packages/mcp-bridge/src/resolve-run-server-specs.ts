import { type LoadedConfig, MonoAgentConfigError, resolveMcpServer } from "@mono-agent/config";
import type { RunServerSpec } from "./run-server-spec.js";

/** A declared server that could not be prepared for this run, e.g. a `$env` variable that is not set. */
export interface SkippedServer {
  serverName: string;
  message: string;
}

/**
 * The run's external server specs: every declared and enabled server, with `$env` values resolved
 * from the host-resolved env at run start. A server that cannot be resolved is skipped, not fatal.
 */
export function resolveRunServerSpecs(
  loaded: LoadedConfig,
  env: Readonly<Record<string, string | undefined>>,
): { servers: RunServerSpec[]; skipped: SkippedServer[] } {
  const servers: RunServerSpec[] = [];
  const skipped: SkippedServer[] = [];
  for (const declared of Object.values(loaded.mcpServers)) {
    if (declared.spec.enabled === false) continue;
    try {
      const resolved = resolveMcpServer(declared, env, loaded.workspaceDir);
      servers.push(
        resolved.transport === "stdio" && resolved.cwd === undefined
          ? { ...resolved, cwd: loaded.workspaceDir }
          : resolved,
      );
    } catch (error) {
      if (!MonoAgentConfigError.isInstance(error)) throw error;
      skipped.push({ serverName: declared.name, message: error.message });
    }
  }
  return { servers, skipped };
}
