import type { ConfigIssue, EnvRecord, LoadedConfig } from "@mono-agent/config";
import { configIssueLine, isMcpConfigIssue } from "@mono-agent/config/check";
import {
  checkContinuationServers,
  checkMcpServers,
  checkRequestContextServers,
  checkStdioCommands,
} from "@mono-agent/mcp-bridge/check";
import { oauthLoginLines } from "@mono-agent/mcp-bridge/node";
import { validateMemoryAvailability } from "@mono-agent/memory/check";
import { checkToolPolicy } from "@mono-agent/tools/check";
import { mcpAuthStoreFile } from "../../app/mcp/mcp-auth-store-file.js";
import { type CheckLine, type CheckSection, section } from "./validate-report.js";

function mcpConfigLines(loaded: LoadedConfig): CheckLine[] {
  const { mcp } = loaded;
  if (mcp.status === "not_configured") return [{ status: "ok", message: "No tools.mcpConfigPath set." }];
  if (mcp.status === "missing") return []; // reported by the config issue `mcp_config_missing`
  return [{ status: "ok", message: `MCP config: ${mcp.configPath}` }];
}

/** The Tools & MCP section: tool policy, mcp.json, declared servers, request-context and continuation servers. */
export function toolsSection(
  loaded: LoadedConfig | undefined,
  issues: readonly ConfigIssue[],
  env: EnvRecord = {},
  builtinLines: readonly CheckLine[] = [],
): CheckSection {
  const lines: CheckLine[] = [];
  if (loaded) {
    lines.push(
      ...checkToolPolicy(loaded, { memory: validateMemoryAvailability(loaded) }),
      ...builtinLines,
      ...mcpConfigLines(loaded),
    );
  }
  for (const issue of issues.filter(isMcpConfigIssue)) {
    const line = configIssueLine(issue);
    if (issue.code === "mcp_config_missing" && loaded?.mcp.configPath) {
      line.message = `MCP config file is missing: ${loaded.mcp.configPath}`;
    }
    lines.push(line);
  }
  if (loaded) {
    lines.push(...checkMcpServers(loaded.mcpServers, env));
    lines.push(...oauthLoginLines(Object.values(loaded.mcpServers), mcpAuthStoreFile(loaded)));
    lines.push(...checkStdioCommands(loaded.mcpServers, env, loaded.workspaceDir));
    lines.push(
      ...checkRequestContextServers(loaded.config.tools.mcpRequestContextServers, loaded.mcpServers),
    );
    lines.push(...checkContinuationServers(loaded.config.tools.continuationServers, loaded.mcpServers));
  }
  if (lines.length === 0)
    lines.push({ status: "disabled", message: "Not checked: the config did not load." });
  return section("tools", "Tools & MCP", lines);
}
