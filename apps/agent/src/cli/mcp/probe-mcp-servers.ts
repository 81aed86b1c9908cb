import type { EnvRecord, LoadedConfig } from "@mono-agent/config";
import { connectMcpServers, type McpAuthStore, type RunServerSpec } from "@mono-agent/mcp-bridge";
import { createFileMcpAuthStore } from "@mono-agent/mcp-bridge/node";
import { mcpAuthStoreFile, mcpLoginHint } from "../../app/mcp/mcp-auth-store-file.js";
import { resolveRunServerSpecs } from "../../app/run/run-server-specs.js";
import { createWatchedStdioLauncher } from "../../runtime/create-watched-stdio-launcher.js";
import { readPackageVersion } from "../package-version.js";
import { type AuthState, describeAuthState } from "./describe-auth-state.js";

/** One tool of a connected server, as the model sees it. */
export interface ProbedTool {
  /** The name the model sees: `mcp__<server>__<tool>`. */
  name: string;
  description: string;
  /** The JSON Schema of its arguments, as given to the model. */
  parameters: unknown;
  /** The server's MCP tool annotations (readOnlyHint, destructiveHint ...), when the bridge reports them. */
  annotations?: Record<string, unknown>;
}

/** The outcome of connecting one declared server. */
export interface ProbedServer {
  name: string;
  /** Where it is declared: the mcp.json file or the config file. */
  file: string;
  jsonPath: string;
  /** `stdio`, `http`, `sse`, or `auto` (streamable HTTP with SSE fallback, when it did not connect). */
  transport: string;
  status: "connected" | "failed" | "disabled";
  /** Time from the start of the connect to connected or failed, in ms (0 when it was not started). */
  durationMs: number;
  error?: string;
  errorCode?: string;
  /** Its login state (remote servers with OAuth), from the token store. */
  auth: AuthState;
  tools: ProbedTool[];
  /** Its MCP prompts, usable as `/server:prompt` and `mono-agent run --prompt server:name`. */
  prompts: ProbedPrompt[];
}

/** One MCP prompt of a connected server. */
export interface ProbedPrompt {
  name: string;
  description?: string;
  arguments: readonly { name: string; description?: string; required?: boolean }[];
}

/** The bridge's per-server state; `tools` with annotations is read when the bridge provides it. */
interface ServerInfoWithTools {
  status: "connected" | "failed";
  transport: string;
  error?: string;
  errorCode?: string;
  tools?: readonly { name: string; annotations?: Record<string, unknown> }[];
}

/** Run id of a probe: no run is recorded, but the bridge names its scratch output by run id. */
const PROBE_RUN_ID = "mcp-probe";

async function probeOne(
  spec: RunServerSpec,
  loaded: LoadedConfig,
  env: EnvRecord,
  signal: AbortSignal | undefined,
  store: McpAuthStore,
): Promise<Omit<ProbedServer, "file" | "jsonPath" | "auth">> {
  const started = performance.now();
  const connected = await connectMcpServers({
    servers: [spec],
    stdio: createWatchedStdioLauncher(env, loaded.config.tools.mcpEnvPassthrough),
    runId: PROBE_RUN_ID,
    ...(signal ? { signal } : {}),
    toolOutputDir: `${loaded.artifactsDir}/tool-output`,
    callTimeoutMs: loaded.config.tools.mcpCallTimeoutMs,
    callMaxTotalTimeoutMs: loaded.config.tools.mcpCallMaxTotalTimeoutMs,
    clientInfo: { name: "mono-agent", version: readPackageVersion() },
    auth: { store, loginHint: mcpLoginHint },
  });
  const durationMs = Math.round(performance.now() - started);
  try {
    const info = connected.servers[0] as ServerInfoWithTools | undefined;
    const annotationsOf = new Map((info?.tools ?? []).map((tool) => [tool.name, tool.annotations]));
    const prompts =
      info?.status === "connected" ? await connected.listPrompts(spec.name).catch(() => []) : [];
    return {
      name: spec.name,
      transport: info?.transport ?? spec.transport,
      status: info?.status ?? "failed",
      durationMs,
      ...(info?.error ? { error: info.error } : {}),
      ...(info?.errorCode ? { errorCode: info.errorCode } : {}),
      tools: connected.tools.map((tool) => {
        const annotations = annotationsOf.get(tool.name);
        return {
          name: tool.name,
          description: tool.description,
          parameters: tool.parameters,
          ...(annotations ? { annotations } : {}),
        };
      }),
      prompts: prompts.map((prompt) => ({
        name: prompt.name,
        ...(prompt.description ? { description: prompt.description } : {}),
        arguments: prompt.arguments,
      })),
    };
  } finally {
    await connected.close();
  }
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
