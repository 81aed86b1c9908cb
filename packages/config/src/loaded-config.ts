import type { MonoAgentConfig } from "./mono-agent-config-schema.js";
import type { McpServerSpec } from "./schema/mcp-server-spec-schema.js";

/** The host-resolved environment: the process env merged with an optional .env file. Never read from process.env here. */
export type EnvRecord = Readonly<Record<string, string | undefined>>;

/** Where something was declared: the absolute file (or `<inline config>`) and the JSON path inside it. */
export interface ConfigOrigin {
  file: string;
  jsonPath: string;
}

/** A server as declared, with where it was declared. */
export interface DeclaredMcpServer {
  name: string;
  spec: McpServerSpec;
  origin: ConfigOrigin;
  declaredIn: "mcp.json" | "tools.mcpServers";
}

/** Where the value of an overridable key came from. */
export type ConfigValueSource = "env" | "json" | "default";

/** Options of {@link loadMonoAgentConfig} and {@link diagnoseMonoAgentConfig}. */
export interface LoadMonoAgentConfigOptions {
  /** Config file, relative to `cwd`. Default `mono-agent.config.json`. Ignored when `config` is given. */
  configPath?: string;
  /** An inline config object instead of a file; the agent folder is then `cwd`. */
  config?: unknown;
  /** Base of a relative `configPath`, and the agent folder of an inline config. */
  cwd: string;
  /** The host-resolved environment (see {@link mergeEnvFile}). */
  env: EnvRecord;
}

/** A validated config with every path made absolute. */
export interface LoadedConfig {
  /** The config after defaults and env overrides. */
  config: MonoAgentConfig;
  /** The folder of the config file, or `cwd` for an inline config. */
  agentDir: string;
  /** Absolute path of the config file; absent for an inline config. */
  configPath?: string;
  /** `runtime.workspace` resolved against the agent folder. */
  workspaceDir: string;
  /** `artifacts.dir` resolved against the agent folder. */
  artifactsDir: string;
  /** `memory.path` resolved against the agent folder; absent when memory is not configured. */
  memoryDir?: string;
  /** `runtime.instructions` resolved against the agent folder (the file may not exist). */
  instructionsPath: string;
  /** `continuations.stateDir` resolved against the agent folder; absent without a continuations block. */
  continuationsStateDir?: string;
  /** Dotted key -> where its value came from, for every key with a `MONO_AGENT_*` variable. */
  sources: Record<string, ConfigValueSource>;
  /** The mcp.json named by `tools.mcpConfigPath` (absolute), and whether it was found. */
  mcp: { configPath?: string; status: "not_configured" | "loaded" | "missing" };
  /** Servers of mcp.json then `tools.mcpServers`, in declaration order. */
  mcpServers: Record<string, DeclaredMcpServer>;
}
