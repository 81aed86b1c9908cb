import { dirname, resolve } from "node:path";
import { applyEnvOverrides } from "./apply-env-overrides.js";
import { collectMcpServers } from "./collect-mcp-servers.js";
import { ENV_OVERRIDES } from "./env-overrides.js";
import { findLiteralCredentials } from "./find-literal-credentials.js";
import { findObjectReservedKeys } from "./find-object-reserved-keys.js";
import { valueAtPath } from "./json-path.js";
import type {
  ConfigValueSource,
  EnvRecord,
  LoadedConfig,
  LoadMonoAgentConfigOptions,
} from "./loaded-config.js";
import type { ConfigIssue } from "./mono-agent-config-error.js";
import { type MonoAgentConfig, monoAgentConfigSchema } from "./mono-agent-config-schema.js";
import { CONFIG_MAX_NESTING_DEPTH, readJsonFile } from "./read-json-file.js";
import { zodIssuesToConfigIssues } from "./zod-issues-to-config-issues.js";

/** Label used as `file` for a config object passed inline. */
export const INLINE_CONFIG_LABEL = "<inline config>";

/** Default config file name in the agent folder. */
export const DEFAULT_CONFIG_FILE_NAME = "mono-agent.config.json";

export interface CollectedConfig {
  loaded?: LoadedConfig;
  issues: ConfigIssue[];
}

type RawConfig =
  | { ok: true; raw: unknown; file: string; agentDir: string; configPath?: string; warnings: ConfigIssue[] }
  | { ok: false; issue: ConfigIssue };

/** True when `value` nests arrays and objects deeper than `maxDepth` (iterative; cycles count as deep). */
function nestsDeeperThan(value: unknown, maxDepth: number): boolean {
  const pending: Array<[unknown, number]> = [[value, 0]];
  let visited = 0;
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (node === null || typeof node !== "object") continue;
    if (depth >= maxDepth || ++visited > 1_000_000) return true;
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return false;
}

async function readRawConfig(options: LoadMonoAgentConfigOptions): Promise<RawConfig> {
  const cwd = resolve(options.cwd);
  if (options.config !== undefined) {
    if (nestsDeeperThan(options.config, CONFIG_MAX_NESTING_DEPTH)) {
      const message = `${INLINE_CONFIG_LABEL} nests arrays and objects more than ${CONFIG_MAX_NESTING_DEPTH} levels deep; accepted: at most ${CONFIG_MAX_NESTING_DEPTH} levels.`;
      return {
        ok: false,
        issue: {
          severity: "error",
          code: "config_invalid",
          file: INLINE_CONFIG_LABEL,
          jsonPath: "$",
          message,
        },
      };
    }
    return { ok: true, raw: options.config, file: INLINE_CONFIG_LABEL, agentDir: cwd, warnings: [] };
  }
  const configPath = resolve(cwd, options.configPath ?? DEFAULT_CONFIG_FILE_NAME);
  const result = await readJsonFile(
    configPath,
    { missing: "config_not_found", unreadable: "config_unreadable", invalidJson: "config_invalid_json" },
    "create it with `mono-agent init` or pass --config <file>",
    "the config file",
  );
  if (result.status !== "parsed") return { ok: false, issue: result.issue };
  return {
    ok: true,
    raw: result.value,
    file: configPath,
    agentDir: dirname(configPath),
    configPath,
    warnings: result.warnings,
  };
}

function valueSources(raw: unknown, envKeys: ReadonlyMap<string, string>): Record<string, ConfigValueSource> {
  const sources: Record<string, ConfigValueSource> = {};
  for (const { key } of ENV_OVERRIDES) {
    if (envKeys.has(key)) sources[key] = "env";
    else sources[key] = valueAtPath(raw, key.split(".")).found ? "json" : "default";
  }
  return sources;
}

function resolvePaths(config: MonoAgentConfig, agentDir: string) {
  return {
    workspaceDir: resolve(agentDir, config.runtime.workspace),
    artifactsDir: resolve(agentDir, config.artifacts.dir),
    instructionsPath: resolve(agentDir, config.runtime.instructions),
    ...(config.memory === undefined ? {} : { memoryDir: resolve(agentDir, config.memory.path) }),
    ...(config.continuations === undefined
      ? {}
      : { continuationsStateDir: resolve(agentDir, config.continuations.stateDir) }),
  };
}

/** A string at `key` of a config that failed validation, to keep checking mcp.json anyway. */
function stringAt(raw: unknown, key: string): string | undefined {
  const { value } = valueAtPath(raw, key.split("."));
  return typeof value === "string" && value !== "" ? value : undefined;
}

/** Reads, overrides, validates and resolves a config, gathering every issue it can instead of throwing. */
export async function collectConfig(options: LoadMonoAgentConfigOptions): Promise<CollectedConfig> {
  const env: EnvRecord = options.env;
  const source = await readRawConfig(options);
  const overrides = applyEnvOverrides(source.ok ? source.raw : undefined, env);
  if (!source.ok) return { issues: [source.issue, ...overrides.issues] };
  const issues = [...source.warnings, ...overrides.issues];
  const reserved = findObjectReservedKeys(
    source.raw,
    source.file,
    [["tools", "mcpServers"]],
    "config_invalid",
  );
  if (reserved.length > 0) return { issues: [...issues, ...reserved] };
  const parsed = monoAgentConfigSchema.safeParse(overrides.input);
  if (!parsed.success) {
    const envPaths = new Map(overrides.envKeys);
    const schemaSource = {
      schema: monoAgentConfigSchema,
      input: overrides.input,
      file: source.file,
      envPaths,
    };
    issues.push(
      ...zodIssuesToConfigIssues(parsed.error.issues, { ...schemaSource, invalidCode: "config_invalid" }),
    );
    const mcpConfigPath = stringAt(overrides.input, "tools.mcpConfigPath");
    if (mcpConfigPath !== undefined) {
      const workspaceDir = resolve(source.agentDir, stringAt(overrides.input, "runtime.workspace") ?? ".");
      const mcp = await collectMcpServers({ mcpConfigPath, workspaceDir, configFile: source.file });
      issues.push(...mcp.issues);
    }
    return { issues };
  }
  const config = parsed.data;
  const paths = resolvePaths(config, source.agentDir);
  const mcp = await collectMcpServers({
    mcpConfigPath: config.tools.mcpConfigPath,
    workspaceDir: paths.workspaceDir,
    inlineServers: config.tools.mcpServers,
    configFile: source.file,
  });
  issues.push(...mcp.issues, ...Object.values(mcp.servers).flatMap(findLiteralCredentials));
  if (issues.some((issue) => issue.severity === "error")) return { issues };
  const loaded: LoadedConfig = {
    config,
    agentDir: source.agentDir,
    ...(source.configPath === undefined ? {} : { configPath: source.configPath }),
    ...paths,
    sources: valueSources(source.raw, overrides.envKeys),
    mcp: mcp.mcp,
    mcpServers: mcp.servers,
  };
  return { loaded, issues };
}
