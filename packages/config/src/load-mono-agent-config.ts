import { collectConfig } from "./collect-config.js";
import type { LoadedConfig, LoadMonoAgentConfigOptions } from "./loaded-config.js";
import { MonoAgentConfigError } from "./mono-agent-config-error.js";

/**
 * Loads `mono-agent.config.json` (or an inline `config`), applies env overrides, resolves paths against
 * the agent folder and the workspace, and reads the mcp.json. A missing mcp.json is not an error here:
 * `mcp.status` is `"missing"`. Throws {@link MonoAgentConfigError} listing every error found.
 */
export async function loadMonoAgentConfig(options: LoadMonoAgentConfigOptions): Promise<LoadedConfig> {
  const { loaded, issues } = await collectConfig(options);
  if (loaded === undefined) throw MonoAgentConfigError.fromIssues(issues);
  return loaded;
}
