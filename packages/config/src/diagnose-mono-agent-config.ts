import { collectConfig } from "./collect-config.js";
import type { LoadedConfig, LoadMonoAgentConfigOptions } from "./loaded-config.js";
import type { ConfigIssue } from "./mono-agent-config-error.js";

/** Result of {@link diagnoseMonoAgentConfig}: `loaded` is present exactly when no issue is an error. */
export interface ConfigDiagnosis {
  loaded?: LoadedConfig;
  issues: ConfigIssue[];
}

/**
 * Checks a config and its mcp.json and reports every issue it can find, errors and warnings
 * (`mcp_config_missing`, `literal_credential`). Never throws for bad user input.
 */
export async function diagnoseMonoAgentConfig(options: LoadMonoAgentConfigOptions): Promise<ConfigDiagnosis> {
  return collectConfig(options);
}
