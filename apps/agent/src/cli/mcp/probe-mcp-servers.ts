import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { resolveRunServerSpecs } from "@mono-agent/mcp-bridge";
import { createFileMcpAuthStore } from "@mono-agent/mcp-bridge/node";
import { type DeclaredServerProbe, probeDeclaredServers } from "@mono-agent/mcp-bridge/probe";
import { mcpAuthStoreFile, mcpLoginHint } from "../../app/mcp/mcp-auth-store-file.js";
import { createWatchedStdioLauncher } from "../../runtime/create-watched-stdio-launcher.js";
import { readPackageVersion } from "../package-version.js";

/** Run id of a probe: no run is recorded, but the bridge names its scratch output by run id. */
const PROBE_RUN_ID = "mcp-probe";

/** Connects every declared server (or only `only`) as a run of this agent would, then closes them. */
export function probeMcpServers(
  loaded: LoadedConfig,
  env: EnvRecord,
  options: { only?: string; signal?: AbortSignal } = {},
): Promise<DeclaredServerProbe[]> {
  const declared = Object.values(loaded.mcpServers).filter(
    (server) => options.only === undefined || server.name === options.only,
  );
  const { servers, skipped } = resolveRunServerSpecs(
    { ...loaded, mcpServers: Object.fromEntries(declared.map((server) => [server.name, server])) },
    env,
  );
  return probeDeclaredServers({
    declared,
    specs: servers,
    skipped,
    options: {
      stdio: createWatchedStdioLauncher(env, loaded.config.tools.mcpEnvPassthrough),
      runId: PROBE_RUN_ID,
      ...(options.signal ? { signal: options.signal } : {}),
      toolOutputDir: `${loaded.artifactsDir}/tool-output`,
      callTimeoutMs: loaded.config.tools.mcpCallTimeoutMs,
      callMaxTotalTimeoutMs: loaded.config.tools.mcpCallMaxTotalTimeoutMs,
      clientInfo: { name: "mono-agent", version: readPackageVersion() },
      auth: { store: createFileMcpAuthStore(mcpAuthStoreFile(loaded)), loginHint: mcpLoginHint },
    },
  });
}
