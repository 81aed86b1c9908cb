import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import {
  type McpAuthStore,
  type McpServerProbe,
  probeMcpServer,
  type RunServerSpec,
} from "@mono-agent/mcp-bridge";
import { createFileMcpAuthStore, describeAuthState, type McpAuthState } from "@mono-agent/mcp-bridge/node";
import { mcpAuthStoreFile, mcpLoginHint } from "../../app/mcp/mcp-auth-store-file.js";
import { resolveRunServerSpecs } from "../../app/run/run-server-specs.js";
import { createWatchedStdioLauncher } from "../../runtime/create-watched-stdio-launcher.js";
import { readPackageVersion } from "../package-version.js";

/** The outcome of connecting one declared server. */
export interface ProbedServer extends Omit<McpServerProbe, "status"> {
  /** Where it is declared: the mcp.json file or the config file. */
  file: string;
  jsonPath: string;
  status: McpServerProbe["status"] | "disabled";
  /** Its login state (remote servers with OAuth), from the token store. */
  auth: McpAuthState;
}

/** Run id of a probe: no run is recorded, but the bridge names its scratch output by run id. */
const PROBE_RUN_ID = "mcp-probe";

function probeOne(
  spec: RunServerSpec,
  loaded: LoadedConfig,
  env: EnvRecord,
  signal: AbortSignal | undefined,
  store: McpAuthStore,
): Promise<McpServerProbe> {
  return probeMcpServer(spec, {
    stdio: createWatchedStdioLauncher(env, loaded.config.tools.mcpEnvPassthrough),
    runId: PROBE_RUN_ID,
    ...(signal ? { signal } : {}),
    toolOutputDir: `${loaded.artifactsDir}/tool-output`,
    callTimeoutMs: loaded.config.tools.mcpCallTimeoutMs,
    callMaxTotalTimeoutMs: loaded.config.tools.mcpCallMaxTotalTimeoutMs,
    clientInfo: { name: "mono-agent", version: readPackageVersion() },
    auth: { store, loginHint: mcpLoginHint },
  });
}

/**
 * Connects every declared server (or only `only`) the way a run does, each on its own and all in
 * parallel, within its connect timeout, then closes them. Disabled servers and servers whose
 * `$env` variables are unset are reported without being started.
 */
export async function probeMcpServers(
  loaded: LoadedConfig,
  env: EnvRecord,
  options: { only?: string; signal?: AbortSignal } = {},
): Promise<ProbedServer[]> {
  const declared = Object.values(loaded.mcpServers).filter(
    (server) => options.only === undefined || server.name === options.only,
  );
  const { servers, skipped } = resolveRunServerSpecs(
    { ...loaded, mcpServers: Object.fromEntries(declared.map((server) => [server.name, server])) },
    env,
  );
  const specByName = new Map(servers.map((spec) => [spec.name, spec]));
  const store = createFileMcpAuthStore(mcpAuthStoreFile(loaded));
  const records = store.list();
  return Promise.all(
    declared.map(async (server): Promise<ProbedServer> => {
      const where = {
        file: server.origin.file,
        jsonPath: server.origin.jsonPath,
        auth: describeAuthState(server, records),
      };
      const transport = "command" in server.spec ? "stdio" : (server.spec.type ?? "auto");
      const spec = specByName.get(server.name);
      if (server.spec.enabled === false)
        return {
          name: server.name,
          ...where,
          transport,
          status: "disabled",
          durationMs: 0,
          tools: [],
          prompts: [],
        };
      if (spec === undefined) {
        const reason = skipped.find((entry) => entry.serverName === server.name)?.message;
        return {
          name: server.name,
          ...where,
          transport,
          status: "failed",
          durationMs: 0,
          error: reason ?? "the server could not be prepared",
          errorCode: "env_reference_missing",
          tools: [],
          prompts: [],
        };
      }
      return { ...where, ...(await probeOne(spec, loaded, env, options.signal, store)) };
    }),
  );
}
