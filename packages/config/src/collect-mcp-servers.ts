import { resolve } from "node:path";
import { formatJsonPath } from "./json-path.js";
import type { DeclaredMcpServer, LoadedConfig } from "./loaded-config.js";
import { mcpConfigFileSchema } from "./mcp-config-file-schema.js";
import type { ConfigIssue } from "./mono-agent-config-error.js";
import { findObjectReservedKeys } from "./find-object-reserved-keys.js";
import { readJsonFile } from "./read-json-file.js";
import type { McpServerSpec } from "./schema/mcp-server-spec-schema.js";
import { zodIssuesToConfigIssues } from "./zod-issues-to-config-issues.js";

export interface CollectMcpServersOptions {
  /** `tools.mcpConfigPath` as written (after env overrides). */
  mcpConfigPath?: string;
  workspaceDir: string;
  /** `tools.mcpServers`, already validated. */
  inlineServers?: Record<string, McpServerSpec>;
  /** The config file, or `<inline config>`. */
  configFile: string;
}

export interface CollectedMcpServers {
  mcp: LoadedConfig["mcp"];
  servers: Record<string, DeclaredMcpServer>;
  issues: ConfigIssue[];
}

async function readMcpConfigFile(configPath: string, workspaceDir: string) {
  const hint = `tools.mcpConfigPath resolves against the workspace ${workspaceDir}; create the file or fix the path`;
  const result = await readJsonFile(
    configPath,
    { missing: "mcp_config_missing", unreadable: "mcp_config_unreadable", invalidJson: "mcp_config_invalid" },
    hint,
    "tools.mcpConfigPath",
  );
  if (result.status === "missing") {
    const message = `MCP config file is missing: ${configPath} (${hint}).`;
    return {
      status: "missing" as const,
      issues: [{ ...result.issue, severity: "warning" as const, message }],
    };
  }
  if (result.status === "failed") return { status: "failed" as const, issues: [result.issue] };
  const reserved = findObjectReservedKeys(result.value, configPath, [["mcpServers"]], "mcp_config_invalid");
  if (reserved.length > 0) return { status: "failed" as const, issues: [...result.warnings, ...reserved] };
  const parsed = mcpConfigFileSchema.safeParse(result.value);
  if (parsed.success)
    return { status: "loaded" as const, servers: parsed.data.mcpServers, issues: result.warnings };
  const source = {
    schema: mcpConfigFileSchema,
    input: result.value,
    file: configPath,
    invalidCode: "mcp_config_invalid" as const,
  };
  return {
    status: "failed" as const,
    issues: [...result.warnings, ...zodIssuesToConfigIssues(parsed.error.issues, source)],
  };
}

function duplicateIssue(name: string, first: DeclaredMcpServer, second: DeclaredMcpServer): ConfigIssue {
  const message = `MCP server ${JSON.stringify(name)} is declared twice: in ${first.origin.file} at ${first.origin.jsonPath} and in ${second.origin.file} at ${second.origin.jsonPath}; accepted: each server name declared once, so rename or remove one.`;
  return {
    severity: "error",
    code: "duplicate_server",
    file: second.origin.file,
    jsonPath: second.origin.jsonPath,
    message,
  };
}

/** Reads the mcp.json (resolved against the workspace) and merges its servers with `tools.mcpServers`. */
export async function collectMcpServers(options: CollectMcpServersOptions): Promise<CollectedMcpServers> {
  const issues: ConfigIssue[] = [];
  const servers = new Map<string, DeclaredMcpServer>();
  let mcp: LoadedConfig["mcp"] = { status: "not_configured" };
  const add = (server: DeclaredMcpServer) => {
    const existing = servers.get(server.name);
    if (existing === undefined) servers.set(server.name, server);
    else issues.push(duplicateIssue(server.name, existing, server));
  };
  if (options.mcpConfigPath !== undefined) {
    const configPath = resolve(options.workspaceDir, options.mcpConfigPath);
    const file = await readMcpConfigFile(configPath, options.workspaceDir);
    issues.push(...file.issues);
    mcp = { configPath, status: file.status === "missing" ? "missing" : "loaded" };
    for (const [name, spec] of Object.entries(file.servers ?? {})) {
      const origin = { file: configPath, jsonPath: formatJsonPath(["mcpServers", name]) };
      add({ name, spec, origin, declaredIn: "mcp.json" });
    }
  }
  for (const [name, spec] of Object.entries(options.inlineServers ?? {})) {
    const origin = { file: options.configFile, jsonPath: formatJsonPath(["tools", "mcpServers", name]) };
    add({ name, spec, origin, declaredIn: "tools.mcpServers" });
  }
  return { mcp, servers: Object.fromEntries(servers), issues };
}
